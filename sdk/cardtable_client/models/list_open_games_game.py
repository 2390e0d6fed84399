from typing import Literal

ListOpenGamesGame = Literal["skipbo", "skyjo"]

LIST_OPEN_GAMES_GAME_VALUES: set[ListOpenGamesGame] = {
    "skipbo",
    "skyjo",
}


def check_list_open_games_game(value: str) -> ListOpenGamesGame:
    if value in LIST_OPEN_GAMES_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_OPEN_GAMES_GAME_VALUES!r}")
