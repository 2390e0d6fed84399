from typing import Literal

SkipBoDiscardMoveType = Literal["discard"]

SKIP_BO_DISCARD_MOVE_TYPE_VALUES: set[SkipBoDiscardMoveType] = {
    "discard",
}


def check_skip_bo_discard_move_type(value: str) -> SkipBoDiscardMoveType:
    if value in SKIP_BO_DISCARD_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_DISCARD_MOVE_TYPE_VALUES!r}"
    )
