from typing import Literal

GetLeaderboardGame = Literal["skipbo", "skyjo"]

GET_LEADERBOARD_GAME_VALUES: set[GetLeaderboardGame] = {
    "skipbo",
    "skyjo",
}


def check_get_leaderboard_game(value: str) -> GetLeaderboardGame:
    if value in GET_LEADERBOARD_GAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_LEADERBOARD_GAME_VALUES!r}")
