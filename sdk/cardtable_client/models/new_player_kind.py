from typing import Literal

NewPlayerKind = Literal["bot", "human"]

NEW_PLAYER_KIND_VALUES: set[NewPlayerKind] = {
    "bot",
    "human",
}


def check_new_player_kind(value: str) -> NewPlayerKind:
    if value in NEW_PLAYER_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {NEW_PLAYER_KIND_VALUES!r}")
