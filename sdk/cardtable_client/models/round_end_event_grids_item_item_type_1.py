from typing import Literal

RoundEndEventGridsItemItemType1 = Literal["removed"]

ROUND_END_EVENT_GRIDS_ITEM_ITEM_TYPE_1_VALUES: set[RoundEndEventGridsItemItemType1] = {
    "removed",
}


def check_round_end_event_grids_item_item_type_1(value: str) -> RoundEndEventGridsItemItemType1:
    if value in ROUND_END_EVENT_GRIDS_ITEM_ITEM_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROUND_END_EVENT_GRIDS_ITEM_ITEM_TYPE_1_VALUES!r}"
    )
