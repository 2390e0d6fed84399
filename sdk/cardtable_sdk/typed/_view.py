"""What every game's typed view holds under the same names: the API's `ViewBaseSchema` and
the table fields (`TableFieldsSchema`)."""

from typing import Literal, TypedDict


class ViewBase(TypedDict):
    id: str
    bots: list[str | None]
    version: int
    seat: int | None
    seeded: bool
    """The creator chose the seed (and may know every card)."""
    phase: Literal["waiting", "setup", "playing", "finished"]
    round: int
    current_player: int | None
    active_seats: list[int]
    finished: bool
    totals: list[int]
    winners: list[int]
    # The table around the game (the API's `TableFieldsSchema`).
    open_seats: int
    public: bool
    turn_seconds: int | None
    deadline: str | None
    """When the turn timer runs out (ISO 8601, UTC)."""
    deadline_seats: list[int]
    bot_reasons: list[str | None]
    """Per seat: why a bot plays it (`left`, `timeout`), or None."""
    left: list[bool]
    rematch: str | None
    rematch_of: str | None
