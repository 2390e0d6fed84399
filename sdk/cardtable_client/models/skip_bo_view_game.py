from typing import Literal

SkipBoViewGame = Literal["skipbo"]

SKIP_BO_VIEW_GAME_VALUES: set[SkipBoViewGame] = {
    "skipbo",
}


def check_skip_bo_view_game(value: str) -> SkipBoViewGame:
    if value in SKIP_BO_VIEW_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKIP_BO_VIEW_GAME_VALUES!r}")
