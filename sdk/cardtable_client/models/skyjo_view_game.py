from typing import Literal

SkyjoViewGame = Literal["skyjo"]

SKYJO_VIEW_GAME_VALUES: set[SkyjoViewGame] = {
    "skyjo",
}


def check_skyjo_view_game(value: str) -> SkyjoViewGame:
    if value in SKYJO_VIEW_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKYJO_VIEW_GAME_VALUES!r}")
