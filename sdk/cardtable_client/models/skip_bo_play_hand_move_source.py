from typing import Literal

SkipBoPlayHandMoveSource = Literal["hand"]

SKIP_BO_PLAY_HAND_MOVE_SOURCE_VALUES: set[SkipBoPlayHandMoveSource] = {
    "hand",
}


def check_skip_bo_play_hand_move_source(value: str) -> SkipBoPlayHandMoveSource:
    if value in SKIP_BO_PLAY_HAND_MOVE_SOURCE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_PLAY_HAND_MOVE_SOURCE_VALUES!r}"
    )
