from typing import Literal

SkyjoDrawMoveType = Literal["draw"]

SKYJO_DRAW_MOVE_TYPE_VALUES: set[SkyjoDrawMoveType] = {
    "draw",
}


def check_skyjo_draw_move_type(value: str) -> SkyjoDrawMoveType:
    if value in SKYJO_DRAW_MOVE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKYJO_DRAW_MOVE_TYPE_VALUES!r}")
