from typing import Literal

SkyjoLastRoundGridsItemItemType1 = Literal["removed"]

SKYJO_LAST_ROUND_GRIDS_ITEM_ITEM_TYPE_1_VALUES: set[SkyjoLastRoundGridsItemItemType1] = {
    "removed",
}


def check_skyjo_last_round_grids_item_item_type_1(value: str) -> SkyjoLastRoundGridsItemItemType1:
    if value in SKYJO_LAST_ROUND_GRIDS_ITEM_ITEM_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_LAST_ROUND_GRIDS_ITEM_ITEM_TYPE_1_VALUES!r}"
    )
