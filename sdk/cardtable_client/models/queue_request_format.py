from typing import Literal

QueueRequestFormat = Literal["duplicate", "single"]

QUEUE_REQUEST_FORMAT_VALUES: set[QueueRequestFormat] = {
    "duplicate",
    "single",
}


def check_queue_request_format(value: str) -> QueueRequestFormat:
    if value in QUEUE_REQUEST_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QUEUE_REQUEST_FORMAT_VALUES!r}")
