from typing import Literal

CreatedScoresheetGame = Literal["skipbo", "skyjo"]

CREATED_SCORESHEET_GAME_VALUES: set[CreatedScoresheetGame] = {
    "skipbo",
    "skyjo",
}


def check_created_scoresheet_game(value: str) -> CreatedScoresheetGame:
    if value in CREATED_SCORESHEET_GAME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATED_SCORESHEET_GAME_VALUES!r}"
    )
