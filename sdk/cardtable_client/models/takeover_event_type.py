from typing import Literal

TakeoverEventType = Literal["takeover"]

TAKEOVER_EVENT_TYPE_VALUES: set[TakeoverEventType] = {
    "takeover",
}


def check_takeover_event_type(value: str) -> TakeoverEventType:
    if value in TAKEOVER_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TAKEOVER_EVENT_TYPE_VALUES!r}")
