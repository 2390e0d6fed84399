from typing import Literal

SkyjoMoveEntryType = Literal["move"]

SKYJO_MOVE_ENTRY_TYPE_VALUES: set[SkyjoMoveEntryType] = {
    "move",
}


def check_skyjo_move_entry_type(value: str) -> SkyjoMoveEntryType:
    if value in SKYJO_MOVE_ENTRY_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKYJO_MOVE_ENTRY_TYPE_VALUES!r}")
