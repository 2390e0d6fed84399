from typing import Literal

SkyjoTakeDiscardMoveType = Literal["take_discard"]

SKYJO_TAKE_DISCARD_MOVE_TYPE_VALUES: set[SkyjoTakeDiscardMoveType] = {
    "take_discard",
}


def check_skyjo_take_discard_move_type(value: str) -> SkyjoTakeDiscardMoveType:
    if value in SKYJO_TAKE_DISCARD_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_TAKE_DISCARD_MOVE_TYPE_VALUES!r}"
    )
