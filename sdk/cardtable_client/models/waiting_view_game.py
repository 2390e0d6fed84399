from typing import Literal

WaitingViewGame = Literal["skipbo", "skyjo"]

WAITING_VIEW_GAME_VALUES: set[WaitingViewGame] = {
    "skipbo",
    "skyjo",
}


def check_waiting_view_game(value: str) -> WaitingViewGame:
    if value in WAITING_VIEW_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WAITING_VIEW_GAME_VALUES!r}")
