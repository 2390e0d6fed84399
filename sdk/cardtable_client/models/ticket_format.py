from typing import Literal

TicketFormat = Literal["duplicate", "single"]

TICKET_FORMAT_VALUES: set[TicketFormat] = {
    "duplicate",
    "single",
}


def check_ticket_format(value: str) -> TicketFormat:
    if value in TICKET_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TICKET_FORMAT_VALUES!r}")
