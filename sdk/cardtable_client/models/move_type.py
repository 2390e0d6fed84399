from typing import Literal

MoveType = Literal[
    "discard", "discard_and_reveal", "draw", "pass", "play", "replace", "reveal", "take_discard"
]

MOVE_TYPE_VALUES: set[MoveType] = {
    "discard",
    "discard_and_reveal",
    "draw",
    "pass",
    "play",
    "replace",
    "reveal",
    "take_discard",
}


def check_move_type(value: str) -> MoveType:
    if value in MOVE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOVE_TYPE_VALUES!r}")
