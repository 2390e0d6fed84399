"""Seats as a service: join by invite or from the lobby, leave, start early with server
bots, and rematch; each one table change written by compare-and-set over the game service.
Knows nothing of HTTP."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from cardtable.games.live_table import Game, new_game
from cardtable.games.service import GameService
from cardtable.store import DuplicateId
from cardtable.store.documents import Record
from cardtable_engine.base import GameNotOver
from cardtable_engine.host import (
    AlreadyLeft,
    InvalidInvite,
    NoOpenSeat,
    TokenRequired,
    check_join_name,
    hash_token,
    match_secret,
    new_id,
    new_token,
)

LOBBY_PAGE_MAX = 100


class Seating:
    def __init__(self, games: GameService) -> None:
        self.games = games

    # ---- joining -------------------------------------------------------------------

    def join(
        self,
        game_id: str,
        name: object,
        invite: str | None,
        record: Callable[[Game, int, str], Record] | None = None,
    ) -> tuple[Game, int, str]:
        """Seat a new player; the game is dealt when this takes the last open seat.
        Returns the game, the seat and its token (shown only to this caller). `record`, in
        each of these: the idempotency record of the answer, written with the change."""
        checked = check_join_name(name)
        token = new_token()

        def take(game: Game) -> int:
            self._check_invite(game, invite)
            seat = game.take_seat(checked, hash_token(token))
            game.deal_if_full(self.games.clock())
            return seat

        game, seat = self.games.update(game_id, take, _with(record, token))
        return game, seat, token

    @staticmethod
    def _check_invite(game: Game, invite: str | None) -> None:
        if invite is None and game.hosting.public:
            return
        if invite is None:
            raise InvalidInvite("this game is private: joining it needs its invite")
        if not match_secret(game.hosting.invite_sha256, invite):
            raise InvalidInvite("the invite is not valid for this game")

    def lobby(
        self, game: str | None, cursor: int | None, limit: int
    ) -> tuple[list[dict[str, Any]], int | None]:
        return self.games.lobby.page(game, cursor, min(limit, LOBBY_PAGE_MAX))

    # ---- leaving and starting ------------------------------------------------------

    def leave(
        self,
        game_id: str,
        token: str | None,
        record: Callable[[Game, int], Record] | None = None,
    ) -> tuple[Game, int]:
        """The token's player leaves (before the deal its seat opens again; after it the
        greedy bot plays the seat)."""

        def leave(game: Game) -> int:
            seat = self._seat_or_left(game, token)
            game.leave(seat, self.games.clock())
            return seat

        return self.games.update(game_id, leave, record)

    def _seat_or_left(self, game: Game, token: str | None) -> int:
        if token is not None and any(match_secret(h, token) for h in game.hosting.left_tokens):
            raise AlreadyLeft("you have already left this game")
        return self.games.require_seat(game, token)

    def start(
        self,
        game_id: str,
        token: str | None,
        invite: str | None,
        fill: str,
        record: Callable[[Game, int | None], Record] | None = None,
    ) -> tuple[Game, int | None]:
        """Fill the open seats with server bots and deal (the creator's seat or an invite
        holder may). Returns the game and the caller's seat (None for an invite holder)."""

        def start(game: Game) -> int | None:
            seat = self._starter(game, token, invite)
            game.fill_with_bots(fill)
            game.deal_if_full(self.games.clock())
            return seat

        return self.games.update(game_id, start, record)

    def _starter(self, game: Game, token: str | None, invite: str | None) -> int | None:
        if invite is not None:
            if not match_secret(game.hosting.invite_sha256, invite):
                raise InvalidInvite("the invite is not valid for this game")
            return None
        seat = self.games.require_seat(game, token)
        if seat != game.hosting.creator:
            raise InvalidInvite("only the creator's seat or the invite's holder may start it")
        return seat

    # ---- rematch -------------------------------------------------------------------

    def rematch(
        self,
        game_id: str,
        token: str | None,
        record: Callable[[Game, int, str], Record] | None = None,
    ) -> tuple[Game, int, str]:
        """The caller's seat in the rematch of a finished game: the first caller links the
        new game's id to the old one, the new game is created once, each caller claims the
        seat reserved for its own seat. Returns the new game, the seat and its new token."""
        if token is None:
            raise TokenRequired("a rematch is asked for by a seat: send its bearer token")

        def offer(game: Game) -> int:
            seat = self.games.require_seat(game, token)
            if not game.finished:
                raise GameNotOver("the rematch can be asked for once the game is over")
            if game.seats[seat].bot:
                raise AlreadyLeft(f"seat {seat} is played by a bot now: it cannot rematch")
            if game.hosting.rematch is None:
                game.hosting.rematch = new_id()
                game.record_change("rematch", game_id=game.hosting.rematch)
            return seat

        old, seat = self.games.update(game_id, offer)
        new_id_ = str(old.hosting.rematch)
        self._create_rematch(old, new_id_)
        new_token_ = new_token()

        def claim(game: Game) -> int:
            taken = game.take_seat(old.seats[seat].name, hash_token(new_token_), seat)
            game.deal_if_full(self.games.clock())
            return taken

        try:
            new, _ = self.games.update(new_id_, claim, _with(record, new_token_))
        except NoOpenSeat:
            raise NoOpenSeat("you have already taken your seat in the rematch") from None
        return new, seat, new_token_

    def _create_rematch(self, old: Game, new_game_id: str) -> None:
        players = [{"name": s.name, "bot": s.bot} if s.bot else {"open": True} for s in old.seats]
        game, _, _ = new_game(
            old.game,
            players,
            old.hosting.options,
            None,
            now=self.games.clock(),
            turn_seconds=old.hosting.turn_seconds,
            rematch_of=old.game_id,
            game_id=new_game_id,
        )
        for seat in game.seats:
            seat.reserved = seat.open
            seat.name = old.seats[seat.seat].name if seat.open else seat.name
        document, fields = self.games.written(game)
        # Another seat of the old game may have created it first: then that one stands.
        with contextlib.suppress(DuplicateId):
            self.games.store.create(
                game.game_id,
                game.version,
                document,
                extra_fields=fields,
                ttl_seconds=self.games.waiting_ttl_seconds,
            )


def _with(
    record: Callable[[Game, int, str], Record] | None, token: str
) -> Callable[[Game, int], Record] | None:
    """A seat grant's record hook, given the token the change's result does not carry."""
    if record is None:
        return None
    return lambda game, seat: record(game, seat, token)


__all__ = ["Seating"]
