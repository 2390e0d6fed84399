from typing import Literal

RematchEventType = Literal["rematch"]

REMATCH_EVENT_TYPE_VALUES: set[RematchEventType] = {
    "rematch",
}


def check_rematch_event_type(value: str) -> RematchEventType:
    if value in REMATCH_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REMATCH_EVENT_TYPE_VALUES!r}")
