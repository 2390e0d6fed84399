from typing import Literal

ReshuffleEventType = Literal["reshuffle"]

RESHUFFLE_EVENT_TYPE_VALUES: set[ReshuffleEventType] = {
    "reshuffle",
}


def check_reshuffle_event_type(value: str) -> ReshuffleEventType:
    if value in RESHUFFLE_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RESHUFFLE_EVENT_TYPE_VALUES!r}")
