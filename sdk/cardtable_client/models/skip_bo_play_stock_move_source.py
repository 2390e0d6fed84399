from typing import Literal

SkipBoPlayStockMoveSource = Literal["stock"]

SKIP_BO_PLAY_STOCK_MOVE_SOURCE_VALUES: set[SkipBoPlayStockMoveSource] = {
    "stock",
}


def check_skip_bo_play_stock_move_source(value: str) -> SkipBoPlayStockMoveSource:
    if value in SKIP_BO_PLAY_STOCK_MOVE_SOURCE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_PLAY_STOCK_MOVE_SOURCE_VALUES!r}"
    )
