from typing import Literal

SkyjoDiscardAndRevealMoveType = Literal["discard_and_reveal"]

SKYJO_DISCARD_AND_REVEAL_MOVE_TYPE_VALUES: set[SkyjoDiscardAndRevealMoveType] = {
    "discard_and_reveal",
}


def check_skyjo_discard_and_reveal_move_type(value: str) -> SkyjoDiscardAndRevealMoveType:
    if value in SKYJO_DISCARD_AND_REVEAL_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_DISCARD_AND_REVEAL_MOVE_TYPE_VALUES!r}"
    )
