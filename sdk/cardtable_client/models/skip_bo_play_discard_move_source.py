from typing import Literal

SkipBoPlayDiscardMoveSource = Literal["discard"]

SKIP_BO_PLAY_DISCARD_MOVE_SOURCE_VALUES: set[SkipBoPlayDiscardMoveSource] = {
    "discard",
}


def check_skip_bo_play_discard_move_source(value: str) -> SkipBoPlayDiscardMoveSource:
    if value in SKIP_BO_PLAY_DISCARD_MOVE_SOURCE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_PLAY_DISCARD_MOVE_SOURCE_VALUES!r}"
    )
