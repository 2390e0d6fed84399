from typing import Literal

QueueRequestOpponents = Literal["any", "bots", "humans"]

QUEUE_REQUEST_OPPONENTS_VALUES: set[QueueRequestOpponents] = {
    "any",
    "bots",
    "humans",
}


def check_queue_request_opponents(value: str) -> QueueRequestOpponents:
    if value in QUEUE_REQUEST_OPPONENTS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {QUEUE_REQUEST_OPPONENTS_VALUES!r}"
    )
