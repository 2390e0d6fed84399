from typing import Literal

GetLeaderboardKind = Literal["bot", "human"]

GET_LEADERBOARD_KIND_VALUES: set[GetLeaderboardKind] = {
    "bot",
    "human",
}


def check_get_leaderboard_kind(value: str) -> GetLeaderboardKind:
    if value in GET_LEADERBOARD_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_LEADERBOARD_KIND_VALUES!r}")
