from typing import Literal

TicketStatus = Literal["cancelled", "expired", "matched", "waiting"]

TICKET_STATUS_VALUES: set[TicketStatus] = {
    "cancelled",
    "expired",
    "matched",
    "waiting",
}


def check_ticket_status(value: str) -> TicketStatus:
    if value in TICKET_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TICKET_STATUS_VALUES!r}")
