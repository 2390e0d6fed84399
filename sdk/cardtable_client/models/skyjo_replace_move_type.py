from typing import Literal

SkyjoReplaceMoveType = Literal["replace"]

SKYJO_REPLACE_MOVE_TYPE_VALUES: set[SkyjoReplaceMoveType] = {
    "replace",
}


def check_skyjo_replace_move_type(value: str) -> SkyjoReplaceMoveType:
    if value in SKYJO_REPLACE_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_REPLACE_MOVE_TYPE_VALUES!r}"
    )
