from typing import Literal

NamedSeatRequestBotType2Type1 = Literal["expert", "greedy", "random", "search"]

NAMED_SEAT_REQUEST_BOT_TYPE_2_TYPE_1_VALUES: set[NamedSeatRequestBotType2Type1] = {
    "expert",
    "greedy",
    "random",
    "search",
}


def check_named_seat_request_bot_type_2_type_1(value: str) -> NamedSeatRequestBotType2Type1:
    if value in NAMED_SEAT_REQUEST_BOT_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NAMED_SEAT_REQUEST_BOT_TYPE_2_TYPE_1_VALUES!r}"
    )
