"""What every served view holds of the table around the game (the live tables' fields)."""

from typing import Literal, TypedDict

__all__ = ["TableFields"]


class TableFields(TypedDict):
    open_seats: int
    """Seats still open (0 once the game is dealt)."""
    public: bool
    """Listed in the lobby while it waited for players."""
    turn_seconds: int | None
    deadline: str | None
    """When the turn timer runs out (ISO 8601, UTC), or None."""
    deadline_seats: list[int]
    bot_reasons: list[Literal["left", "timeout"] | None]
    """Per seat: why the server's bot plays a seat a human had."""
    left: list[bool]
    rematch: str | None
    """The rematch's game id, once someone asked for one."""
    rematch_of: str | None
