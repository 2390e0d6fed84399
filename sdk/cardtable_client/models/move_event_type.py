from typing import Literal

MoveEventType = Literal["move"]

MOVE_EVENT_TYPE_VALUES: set[MoveEventType] = {
    "move",
}


def check_move_event_type(value: str) -> MoveEventType:
    if value in MOVE_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOVE_EVENT_TYPE_VALUES!r}")
