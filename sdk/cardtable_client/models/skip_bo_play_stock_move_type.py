from typing import Literal

SkipBoPlayStockMoveType = Literal["play"]

SKIP_BO_PLAY_STOCK_MOVE_TYPE_VALUES: set[SkipBoPlayStockMoveType] = {
    "play",
}


def check_skip_bo_play_stock_move_type(value: str) -> SkipBoPlayStockMoveType:
    if value in SKIP_BO_PLAY_STOCK_MOVE_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_PLAY_STOCK_MOVE_TYPE_VALUES!r}"
    )
