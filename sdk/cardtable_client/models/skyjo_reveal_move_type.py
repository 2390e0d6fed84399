from typing import Literal

SkyjoRevealMoveType = Literal["reveal"]

SKYJO_REVEAL_MOVE_TYPE_VALUES: set[SkyjoRevealMoveType] = {
    "reveal",
}


def check_skyjo_reveal_move_type(value: str) -> SkyjoRevealMoveType:
    if value in SKYJO_REVEAL_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_REVEAL_MOVE_TYPE_VALUES!r}"
    )
