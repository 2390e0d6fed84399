from typing import Literal

SkipBoMoveEntryType = Literal["move"]

SKIP_BO_MOVE_ENTRY_TYPE_VALUES: set[SkipBoMoveEntryType] = {
    "move",
}


def check_skip_bo_move_entry_type(value: str) -> SkipBoMoveEntryType:
    if value in SKIP_BO_MOVE_ENTRY_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_MOVE_ENTRY_TYPE_VALUES!r}"
    )
