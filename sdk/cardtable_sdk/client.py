"""The synchronous client: `Cardtable` lists and creates games, `SeatSession` plays one seat
(view, legal moves, moves with If-Match, long-polling, score, record), `Spectator` watches.

    with Cardtable("http://localhost:8000") as table:
        game = table.create_game("skyjo", ["Ann", ("Bot", "greedy")], seed=7)
        seat = game.seat(0)
        view, legal = seat.turn()
        seat.move(legal[0])

A session remembers the version of the last view it read and sends it as `If-Match` with
each move, so a move decided on an old view is refused (412) instead of applied. On such a
refusal (or a 409 `version_conflict`) the session reads the game again and raises, the
fresh view in `error.view`: the caller decides again; nothing is ever resent blindly.
Every move carries an `Idempotency-Key` (a fresh one unless given), so resending the same
move with the same key after an unknown outcome is safe. What each call sends and how its
answer is read lives in `cardtable_sdk._session` and `_table`, shared with the async
client; this module only performs the calls. Sessions are not thread-safe: give each
thread its own (`Cardtable.seat` is cheap).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from types import TracebackType
from typing import Any, Self, TypeVar, Unpack

from cardtable_client.models import GameType
from cardtable_sdk import games
from cardtable_sdk import players as players_calls
from cardtable_sdk._drive import drive
from cardtable_sdk._retry import perform
from cardtable_sdk._session import Call, CallSteps, ReaderCore, SeatCore
from cardtable_sdk._table import GameCore, GameSettings, Players, PlayerSpec, SeatInfo, TableCore
from cardtable_sdk.events import player_events
from cardtable_sdk.games import OpenGames
from cardtable_sdk.players import KeyHolder, NewPlayer, Page, Profile, Ticket
from cardtable_sdk.scoresheets import ScoresheetSession, create_sheet
from cardtable_sdk.streaming import stream_client
from cardtable_sdk.views import MoveList, MoveResult, Turn, View

__all__ = [
    "Cardtable",
    "Game",
    "GameSettings",
    "PlayerSession",
    "PlayerSpec",
    "SeatInfo",
    "SeatSession",
    "Spectator",
]

T = TypeVar("T")


def _perform(owner: TableCore | ReaderCore, call: Call[T]) -> T:
    """`call` on `owner`'s client, sent again as its retry policy says."""
    return perform(owner._client, call, owner.retry)


class _Closing:
    """Closes on leaving a `with` block."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class Cardtable(TableCore, _Closing):
    """A Cardtable server: list the hosted games, create games, open seats and spectators.

    `timeout` (seconds) bounds every request except long-polls, which get `wait` more;
    `headers` go with every request; `httpx_args` go to every httpx client made (a
    `transport`, a `proxy`…). Use it as a context manager (or call `close()`) to release
    connections, including those of the sessions it opened."""

    def game_types(self) -> list[GameType]:
        """The hosted games: player counts, options (type, default, range), bots, moves."""
        return _perform(self, self._types_call())

    def create_game(self, game: str, players: Players, **settings: Unpack[GameSettings]) -> Game:
        """Create a game; `players` are names, (name, bot) pairs or dicts, where bot is
        "random" or "greedy" for a seat the server plays, or `OPEN_SEAT` for a seat another
        client takes with `join` (the game is dealt when the last one is taken). Returns the
        game with every taken seat's token and the `invite` (shown only now). The settings
        (`GameSettings`): `options`, `seed`, `public` lists it in the lobby, `turn_seconds`
        sets a turn timer."""
        call = self._create_call(game, players, settings)
        return Game(self, _perform(self, call))

    def open_games(
        self, game: str | None = None, *, cursor: str | None = None, limit: int = 20
    ) -> OpenGames:
        """One page of the lobby: public games waiting for players, newest first."""
        return _perform(self, games.open_games_call(game, cursor, limit))

    def join(self, game_id: str, name: str, *, invite: str | None = None) -> SeatSession:
        """Take an open seat (`invite` may be left out for a public game): a session for
        it, whose `token` is shown only now. NoOpenSeat when none is left."""
        grant = _perform(self, games.join_call(game_id, name, invite))
        return self.seat(grant.game_id, grant.token, seat=grant.seat)

    def start(self, game_id: str, *, invite: str, fill: str = "greedy") -> int:
        """As the invite's holder: server bots (`fill`) take the open seats and the game is
        dealt. Returns the game's version."""
        return _perform(self, games.start_call(game_id, fill, invite))

    def seat(self, game_id: str, token: str, *, seat: int | None = None) -> SeatSession:
        """A session acting as the seat whose token this is."""
        return self._opening(SeatSession(self.connection, game_id, token, seat=seat))

    def spectate(self, game_id: str) -> Spectator:
        """A session without a token: public information only."""
        return self._opening(Spectator(self.connection, game_id))

    def create_scoresheet(
        self, game: str, players: list[str], *, options: Mapping[str, Any] | None = None
    ) -> ScoresheetSession:
        """Start a score sheet for a game played with real cards; it holds the edit token."""
        return self._opening(create_sheet(self.connection, game, players, options))

    def scoresheet(self, sheet_id: str, edit_token: str | None = None) -> ScoresheetSession:
        """An existing score sheet: read it (anyone), edit it (with its edit token)."""
        sheet = ScoresheetSession(self.connection, sheet_id, edit_token)
        sheet.refresh()
        return self._opening(sheet)

    def create_player(self, name: str, *, kind: str = "human") -> NewPlayer:
        """A lasting player identity (`kind` "human" or "bot"); its `key` is shown only
        now. NameTaken when another player has this name (ignoring case)."""
        return _perform(self, players_calls.create_player_call(name, kind))

    def profile(self, player_id: str) -> Profile:
        """A player's public profile: name, kind, and its rating and games in each game."""
        return _perform(self, players_calls.profile_call(player_id))

    def history(
        self, player_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> Page:
        """One page of a player's rated games, newest first: each with its `game_id`,
        `game`, `date`, `placement` (1 = first), table size (`players`) and the rating
        `before` and `after` it."""
        return _perform(self, players_calls.history_call(player_id, limit, cursor))

    def leaderboard(
        self,
        game: str,
        *,
        kind: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> Page:
        """One page of `game`'s leaderboard, highest rating first: rows of id, name, kind,
        rating and games; `kind` "human" or "bot" keeps one kind."""
        return _perform(self, players_calls.leaderboard_call(game, kind, limit, cursor))

    def player_session(self, key: str, player_id: str | None = None) -> PlayerSession:
        """Act as the player whose key this is: queue, rename, rotate the key. `player_id`
        is needed for what names the player in the URL (rename, key, profile, history)."""
        return PlayerSession(self, key, player_id)

    def close(self) -> None:
        for session in self._opened:
            session.close()
        self._opened.clear()
        self._client.get_httpx_client().close()


class Game(GameCore["SeatSession", "Spectator"]):
    """A game just created: its id, resolved options and every seat with its token."""


class _Reader(ReaderCore, _Closing):
    """Reads one game over a blocking httpx client."""

    def _run(self, steps: CallSteps[T]) -> T:
        return drive(steps, lambda call: _perform(self, call))

    def view(self) -> View:
        """Read the game now (this seat's view, or the spectator's)."""
        return self._run(self._read_view())

    def wait_for_change(self, timeout: float = 25.0) -> View | None:
        """Long-poll: the new view as soon as the game moves past the last version read
        (the server holds the request up to `timeout` ≤ 30 seconds), or None if nothing
        changed meanwhile. Reads the view first if none was read yet."""
        return self._run(self._wait(timeout))

    def score(self) -> dict[str, Any]:
        """Completed rounds, running totals, and the winners once the game is over."""
        return _perform(self, self._score_call())

    def record(self) -> dict[str, Any]:
        """The full record (deals, moves, reshuffles); GameNotOver until the game ends."""
        return _perform(self, self._record_call())

    def review(self) -> dict[str, Any]:
        """A finished game's review: {"unit", "method", "seats": [{"seat", "mistakes":
        [{"turn", "move", "best_move", "loss"}]}]}, the moves each seat lost the most by;
        GameNotOver until the game ends."""
        return _perform(self, self._review_call())

    def close(self) -> None:
        self._client.get_httpx_client().close()


class Spectator(_Reader):
    """Watches a game without a token: public information only."""


class SeatSession(SeatCore, _Reader):
    """Plays one seat of one game with its token."""

    @property
    def seat(self) -> int:
        """This session's seat number (read from the server the first time if unknown)."""
        return self._run(self._seat_number())

    def legal_moves(self) -> MoveList:
        """The moves this seat may make now (empty when it may not act), with the version
        they are legal at in `.version`."""
        return _perform(self, self._legal_moves_call())

    def turn(self) -> Turn:
        """The view and the legal moves at one same version: what to decide a move on."""
        return self._run(self._turn())

    def hints(self) -> dict[str, Any]:
        """Each legal move of this seat with the server's estimate, best first: {"seat",
        "version", "method", "moves": [{"move", "estimate", "unit", "best"}]}. Casual games
        only (HintsUnavailable in rated and timed games); NotYourTurn when the seat may not
        act."""
        return _perform(self, self._hints_call())

    def chat(self, text: str | None = None, emote: str | None = None) -> dict[str, Any]:
        """Post a message (`text`) or a reaction (`emote`) to the table's chat as this seat:
        the message as stored, with its `seq`. It never changes the game's version."""
        return _perform(self, games.chat_call(self.game_id, text, emote))

    def chat_messages(self, since: int = 0, wait: float = 0) -> dict[str, Any]:
        """The table's chat after message `since`: {"seq", "messages"}; with `wait`
        seconds, a long-poll for the next message."""
        return _perform(self, games.chat_read_call(self.game_id, since, wait))

    def leave(self) -> int:
        """Leave the game (before the deal the seat opens again; after it the server's
        greedy bot plays it). Returns the game's version; AlreadyLeft the second time."""
        return _perform(self, games.leave_call(self.game_id))

    def start(self, fill: str = "greedy") -> int:
        """As the creator's seat: server bots (`fill`) take the open seats and the game is
        dealt. Returns the game's version."""
        return _perform(self, games.start_call(self.game_id, fill, None))

    def rematch(self) -> SeatSession:
        """Once the game is over: a session for this player's seat in its rematch (the
        first call creates it; the game is dealt once every player asked)."""
        grant = _perform(self, games.rematch_call(self.game_id))
        return SeatSession(self.connection, grant.game_id, grant.token, seat=grant.seat)

    def move(
        self,
        move: Mapping[str, Any],
        *,
        version: int | None = None,
        idempotency_key: str | None = None,
    ) -> MoveResult:
        """Apply `move` for this seat, if the game is still at `version` (by default the
        version of the last view read; no check when no view was read yet).

        On StaleVersion or VersionConflict nothing was applied: the session reads the game
        again and raises, with the fresh view in `error.view`. Decide again from it.
        `idempotency_key` (default: a fresh random one) lets a resend of this same move
        after an unknown outcome (`OutcomeUnknown`, a lost connection) return the first
        answer instead of acting twice."""
        return self._run(self._move(move, version, idempotency_key))


class PlayerSession(KeyHolder["Cardtable"]):
    """One player acting with its key: the queue (enqueue, read or long-poll a ticket,
    cancel), its profile and history, renaming it and rotating its key. Cheap to make;
    it uses its table's connection and retry policy."""

    def profile(self) -> Profile:
        return self.table.profile(self.id)

    def history(self, *, limit: int | None = None, cursor: str | None = None) -> Page:
        return self.table.history(self.id, limit=limit, cursor=cursor)

    def enqueue(
        self,
        game: str,
        players: int = 2,
        *,
        opponents: str | None = None,
        format: str | None = None,
        teams: bool = False,
    ) -> Ticket:
        """Wait for a table of `players` in `game` (`opponents`: "humans", "bots" or
        "any"; by default the player's own kind). `format="duplicate"` (a bot against
        bots): a duplicate set, one game a seat rotation (`seats(ticket)` opens them all).
        `teams`: a Skip-Bo team table of 4 or 6, partners opposite, rated as teams.
        AlreadyQueued when this player already holds a waiting ticket."""
        call = players_calls.enqueue_call(self.key, game, players, opponents, format, teams)
        return _perform(self.table, call)

    def ticket(self, ticket: str | Ticket, *, wait: float | None = None) -> Ticket:
        """The ticket now, or with `wait` seconds (≤ 30) as soon as a waiting ticket's
        status changes (then still waiting if nothing happened meanwhile)."""
        name = ticket.ticket if isinstance(ticket, Ticket) else ticket
        return _perform(
            self.table, players_calls.ticket_call(self.table.connection, self.key, name, wait)
        )

    def wait_for_match(
        self, ticket: str | Ticket, *, timeout: float | None = None, wait: float = 25.0
    ) -> Ticket:
        """Long-poll the ticket until it is no longer waiting (matched, cancelled or
        expired), or `timeout` seconds passed (then the waiting ticket is returned)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        current = self.ticket(ticket)
        while current.waiting:
            left = wait if deadline is None else min(wait, deadline - time.monotonic())
            if left <= 0:
                break
            asked = time.monotonic()
            current = self.ticket(current, wait=left)
            if current.waiting and time.monotonic() - asked < min(left, self.POLL_PAUSE):
                time.sleep(min(self.POLL_PAUSE, max(0.0, left)))
        return current

    def cancel(self, ticket: str | Ticket) -> Ticket:
        """Leave the queue: the ticket, cancelled. AlreadyMatched when it was matched
        meanwhile (then play its game, or leave it)."""
        name = ticket.ticket if isinstance(ticket, Ticket) else ticket
        return _perform(self.table, players_calls.cancel_call(self.key, name))

    def events(self, *, max_failures: int | None = None) -> Iterator[dict[str, Any]]:
        """This player's own event feed, one connection for all its games: `matched`
        (with the seat's token), `turn`, `game_end`, `ticket` (see
        `cardtable_sdk.events.player_events`). Break out of the loop to close it."""
        with stream_client(self.table.connection) as client:
            yield from player_events(client, self.id, self.key, max_failures=max_failures)

    def seat(self, ticket: Ticket) -> SeatSession:
        """A session for this player's seat in a matched ticket's game."""
        if not ticket.matched or ticket.game_id is None or ticket.token is None:
            raise ValueError(f"ticket {ticket.ticket} is {ticket.status}, not matched")
        return self.table.seat(ticket.game_id, ticket.token, seat=ticket.seat)

    def seats(self, ticket: Ticket) -> list[SeatSession]:
        """A session for this player's seat in every game of a matched ticket: each game
        of a duplicate set, in rotation order, or the one game of a single ticket."""
        if not ticket.games:
            return [self.seat(ticket)]
        return [self.table.seat(g.game_id, g.token, seat=g.seat) for g in ticket.games]

    def rename(self, name: str) -> Profile:
        """Take another name (unique ignoring case: NameTaken otherwise)."""
        return _perform(self.table, players_calls.rename_call(self.key, self.id, name))

    def rotate_key(self) -> str:
        """A new key for this player; the old one stops working. The session keeps the
        new key, which is returned (shown only now: keep it)."""
        self.key = _perform(self.table, players_calls.rotate_key_call(self.key, self.id))
        return self.key
