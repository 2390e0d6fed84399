from typing import Literal

NamedSeatRequestBotType3Type1 = Literal["expert", "greedy", "random", "search"]

NAMED_SEAT_REQUEST_BOT_TYPE_3_TYPE_1_VALUES: set[NamedSeatRequestBotType3Type1] = {
    "expert",
    "greedy",
    "random",
    "search",
}


def check_named_seat_request_bot_type_3_type_1(value: str) -> NamedSeatRequestBotType3Type1:
    if value in NAMED_SEAT_REQUEST_BOT_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NAMED_SEAT_REQUEST_BOT_TYPE_3_TYPE_1_VALUES!r}"
    )
