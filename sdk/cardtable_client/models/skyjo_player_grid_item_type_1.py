from typing import Literal

SkyjoPlayerGridItemType1 = Literal["removed"]

SKYJO_PLAYER_GRID_ITEM_TYPE_1_VALUES: set[SkyjoPlayerGridItemType1] = {
    "removed",
}


def check_skyjo_player_grid_item_type_1(value: str) -> SkyjoPlayerGridItemType1:
    if value in SKYJO_PLAYER_GRID_ITEM_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_PLAYER_GRID_ITEM_TYPE_1_VALUES!r}"
    )
