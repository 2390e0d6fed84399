from typing import Literal

SkyjoOptionsLaterRoundStarter = Literal["finisher", "highest_sum"]

SKYJO_OPTIONS_LATER_ROUND_STARTER_VALUES: set[SkyjoOptionsLaterRoundStarter] = {
    "finisher",
    "highest_sum",
}


def check_skyjo_options_later_round_starter(value: str) -> SkyjoOptionsLaterRoundStarter:
    if value in SKYJO_OPTIONS_LATER_ROUND_STARTER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_OPTIONS_LATER_ROUND_STARTER_VALUES!r}"
    )
