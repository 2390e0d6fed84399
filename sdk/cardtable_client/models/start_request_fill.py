from typing import Literal

StartRequestFill = Literal["expert", "greedy", "random", "search"]

START_REQUEST_FILL_VALUES: set[StartRequestFill] = {
    "expert",
    "greedy",
    "random",
    "search",
}


def check_start_request_fill(value: str) -> StartRequestFill:
    if value in START_REQUEST_FILL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {START_REQUEST_FILL_VALUES!r}")
