from typing import Literal

PlayerRequestBotType2Type1 = Literal["expert", "greedy", "random"]

PLAYER_REQUEST_BOT_TYPE_2_TYPE_1_VALUES: set[PlayerRequestBotType2Type1] = {
    "expert",
    "greedy",
    "random",
}


def check_player_request_bot_type_2_type_1(value: str) -> PlayerRequestBotType2Type1:
    if value in PLAYER_REQUEST_BOT_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PLAYER_REQUEST_BOT_TYPE_2_TYPE_1_VALUES!r}"
    )
