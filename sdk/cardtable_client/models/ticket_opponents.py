from typing import Literal

TicketOpponents = Literal["any", "bots", "humans"]

TICKET_OPPONENTS_VALUES: set[TicketOpponents] = {
    "any",
    "bots",
    "humans",
}


def check_ticket_opponents(value: str) -> TicketOpponents:
    if value in TICKET_OPPONENTS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TICKET_OPPONENTS_VALUES!r}")
