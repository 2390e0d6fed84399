from typing import Literal

MoveSource = Literal["discard", "hand", "stock"]

MOVE_SOURCE_VALUES: set[MoveSource] = {
    "discard",
    "hand",
    "stock",
}


def check_move_source(value: str) -> MoveSource:
    if value in MOVE_SOURCE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOVE_SOURCE_VALUES!r}")
