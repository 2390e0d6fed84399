from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ticket_format import check_ticket_format
from ..models.ticket_format import TicketFormat
from ..models.ticket_opponents import check_ticket_opponents
from ..models.ticket_opponents import TicketOpponents
from ..models.ticket_status import check_ticket_status
from ..models.ticket_status import TicketStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.set_game import SetGame


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
        format_ (TicketFormat | Unset): A duplicate ticket only.
        set_id (str | Unset): A matched duplicate ticket: its set.
        games (list[SetGame] | Unset): A matched duplicate ticket: every game of its set, in rotation order, with your
            seat and token in each (the first is `game_id`, `seat`, `token`).
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
    format_: TicketFormat | Unset = UNSET
    set_id: str | Unset = UNSET
    games: list[SetGame] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.set_game import SetGame  # noqa: PLC0415

        ticket = self.ticket

        status: str = self.status

        game = self.game

        players = self.players

        opponents: str = self.opponents

        teams = self.teams

        game_id = self.game_id

        seat = self.seat

        token = self.token

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_

        set_id = self.set_id

        games: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.games, Unset):
            games = []
            for games_item_data in self.games:
                games_item = games_item_data.to_dict()
                games.append(games_item)

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
        if format_ is not UNSET:
            field_dict["format"] = format_
        if set_id is not UNSET:
            field_dict["set_id"] = set_id
        if games is not UNSET:
            field_dict["games"] = games

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.set_game import SetGame  # noqa: PLC0415

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

        _format_ = d.pop("format", UNSET)
        format_: TicketFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = check_ticket_format(_format_)

        set_id = d.pop("set_id", UNSET)

        _games = d.pop("games", UNSET)
        games: list[SetGame] | Unset = UNSET
        if _games is not UNSET:
            games = []
            for games_item_data in _games:
                games_item = SetGame.from_dict(games_item_data)

                games.append(games_item)

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
            format_=format_,
            set_id=set_id,
            games=games,
        )

        return ticket
