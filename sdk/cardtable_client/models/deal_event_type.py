from typing import Literal

DealEventType = Literal["deal"]

DEAL_EVENT_TYPE_VALUES: set[DealEventType] = {
    "deal",
}


def check_deal_event_type(value: str) -> DealEventType:
    if value in DEAL_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEAL_EVENT_TYPE_VALUES!r}")
