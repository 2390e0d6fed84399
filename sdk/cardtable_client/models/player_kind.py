from typing import Literal

PlayerKind = Literal["bot", "human"]

PLAYER_KIND_VALUES: set[PlayerKind] = {
    "bot",
    "human",
}


def check_player_kind(value: str) -> PlayerKind:
    if value in PLAYER_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_KIND_VALUES!r}")
