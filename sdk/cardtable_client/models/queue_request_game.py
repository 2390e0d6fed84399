from typing import Literal

QueueRequestGame = Literal["skipbo", "skyjo"]

QUEUE_REQUEST_GAME_VALUES: set[QueueRequestGame] = {
    "skipbo",
    "skyjo",
}


def check_queue_request_game(value: str) -> QueueRequestGame:
    if value in QUEUE_REQUEST_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QUEUE_REQUEST_GAME_VALUES!r}")
