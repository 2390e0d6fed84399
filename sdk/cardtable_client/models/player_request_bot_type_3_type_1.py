from typing import Literal

PlayerRequestBotType3Type1 = Literal["expert", "greedy", "random"]

PLAYER_REQUEST_BOT_TYPE_3_TYPE_1_VALUES: set[PlayerRequestBotType3Type1] = {
    "expert",
    "greedy",
    "random",
}


def check_player_request_bot_type_3_type_1(value: str) -> PlayerRequestBotType3Type1:
    if value in PLAYER_REQUEST_BOT_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PLAYER_REQUEST_BOT_TYPE_3_TYPE_1_VALUES!r}"
    )
