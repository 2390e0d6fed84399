from typing import Literal

RoundEndEventType = Literal["round_end"]

ROUND_END_EVENT_TYPE_VALUES: set[RoundEndEventType] = {
    "round_end",
}


def check_round_end_event_type(value: str) -> RoundEndEventType:
    if value in ROUND_END_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROUND_END_EVENT_TYPE_VALUES!r}")
