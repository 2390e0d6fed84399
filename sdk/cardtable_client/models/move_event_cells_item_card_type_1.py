from typing import Literal

MoveEventCellsItemCardType1 = Literal["removed"]

MOVE_EVENT_CELLS_ITEM_CARD_TYPE_1_VALUES: set[MoveEventCellsItemCardType1] = {
    "removed",
}


def check_move_event_cells_item_card_type_1(value: str) -> MoveEventCellsItemCardType1:
    if value in MOVE_EVENT_CELLS_ITEM_CARD_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MOVE_EVENT_CELLS_ITEM_CARD_TYPE_1_VALUES!r}"
    )
