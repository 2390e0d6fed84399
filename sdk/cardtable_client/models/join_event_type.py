from typing import Literal

JoinEventType = Literal["join"]

JOIN_EVENT_TYPE_VALUES: set[JoinEventType] = {
    "join",
}


def check_join_event_type(value: str) -> JoinEventType:
    if value in JOIN_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOIN_EVENT_TYPE_VALUES!r}")
