from typing import Literal

GameEndEventType = Literal["game_end"]

GAME_END_EVENT_TYPE_VALUES: set[GameEndEventType] = {
    "game_end",
}


def check_game_end_event_type(value: str) -> GameEndEventType:
    if value in GAME_END_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_END_EVENT_TYPE_VALUES!r}")
