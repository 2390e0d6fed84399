from typing import Literal

SkipBoPlayDiscardMoveType = Literal["play"]

SKIP_BO_PLAY_DISCARD_MOVE_TYPE_VALUES: set[SkipBoPlayDiscardMoveType] = {
    "play",
}


def check_skip_bo_play_discard_move_type(value: str) -> SkipBoPlayDiscardMoveType:
    if value in SKIP_BO_PLAY_DISCARD_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_PLAY_DISCARD_MOVE_TYPE_VALUES!r}"
    )
