from typing import Literal

LeaveEventType = Literal["leave"]

LEAVE_EVENT_TYPE_VALUES: set[LeaveEventType] = {
    "leave",
}


def check_leave_event_type(value: str) -> LeaveEventType:
    if value in LEAVE_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LEAVE_EVENT_TYPE_VALUES!r}")
