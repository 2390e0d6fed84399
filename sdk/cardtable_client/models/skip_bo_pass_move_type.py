from typing import Literal

SkipBoPassMoveType = Literal["pass"]

SKIP_BO_PASS_MOVE_TYPE_VALUES: set[SkipBoPassMoveType] = {
    "pass",
}


def check_skip_bo_pass_move_type(value: str) -> SkipBoPassMoveType:
    if value in SKIP_BO_PASS_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_PASS_MOVE_TYPE_VALUES!r}"
    )
