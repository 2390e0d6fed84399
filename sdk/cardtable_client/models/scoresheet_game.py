from typing import Literal

ScoresheetGame = Literal["skipbo", "skyjo"]

SCORESHEET_GAME_VALUES: set[ScoresheetGame] = {
    "skipbo",
    "skyjo",
}


def check_scoresheet_game(value: str) -> ScoresheetGame:
    if value in SCORESHEET_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SCORESHEET_GAME_VALUES!r}")
