from typing import Literal

PlayerRequestBotType1 = Literal["expert", "greedy", "random"]

PLAYER_REQUEST_BOT_TYPE_1_VALUES: set[PlayerRequestBotType1] = {
    "expert",
    "greedy",
    "random",
}


def check_player_request_bot_type_1(value: str) -> PlayerRequestBotType1:
    if value in PLAYER_REQUEST_BOT_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PLAYER_REQUEST_BOT_TYPE_1_VALUES!r}"
    )
