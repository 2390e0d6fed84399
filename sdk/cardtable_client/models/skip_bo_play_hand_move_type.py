from typing import Literal

SkipBoPlayHandMoveType = Literal["play"]

SKIP_BO_PLAY_HAND_MOVE_TYPE_VALUES: set[SkipBoPlayHandMoveType] = {
    "play",
}


def check_skip_bo_play_hand_move_type(value: str) -> SkipBoPlayHandMoveType:
    if value in SKIP_BO_PLAY_HAND_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_PLAY_HAND_MOVE_TYPE_VALUES!r}"
    )
