from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ticket_opponents import check_ticket_opponents
from ..models.ticket_opponents import TicketOpponents
from ..models.ticket_status import check_ticket_status
from ..models.ticket_status import TicketStatus
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="Ticket")


@_attrs_define
class Ticket:
    """
    Attributes:
        ticket (str):
        status (TicketStatus):
        game (str):
        players (int):
        opponents (TicketOpponents):
        teams (bool): A team table.
        game_id (str | Unset): Once matched: the game.
        seat (int | Unset): Once matched: your seat.
        token (str | Unset): Once matched: your seat's token (for your key only).
    """

    ticket: str
    status: TicketStatus
    game: str
    players: int
    opponents: TicketOpponents
    teams: bool
    game_id: str | Unset = UNSET
    seat: int | Unset = UNSET
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ticket = self.ticket

        status: str = self.status

        game = self.game

        players = self.players

        opponents: str = self.opponents

        teams = self.teams

        game_id = self.game_id

        seat = self.seat

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ticket": ticket,
                "status": status,
                "game": game,
                "players": players,
                "opponents": opponents,
                "teams": teams,
            }
        )
        if game_id is not UNSET:
            field_dict["game_id"] = game_id
        if seat is not UNSET:
            field_dict["seat"] = seat
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ticket = d.pop("ticket")

        status = check_ticket_status(d.pop("status"))

        game = d.pop("game")

        players = d.pop("players")

        opponents = check_ticket_opponents(d.pop("opponents"))

        teams = d.pop("teams")

        game_id = d.pop("game_id", UNSET)

        seat = d.pop("seat", UNSET)

        token = d.pop("token", UNSET)

        ticket = cls(
            ticket=ticket,
            status=status,
            game=game,
            players=players,
            opponents=opponents,
            teams=teams,
            game_id=game_id,
            seat=seat,
            token=token,
        )

        return ticket
