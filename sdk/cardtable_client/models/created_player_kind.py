from typing import Literal

CreatedPlayerKind = Literal["bot", "human"]

CREATED_PLAYER_KIND_VALUES: set[CreatedPlayerKind] = {
    "bot",
    "human",
}


def check_created_player_kind(value: str) -> CreatedPlayerKind:
    if value in CREATED_PLAYER_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATED_PLAYER_KIND_VALUES!r}")
