"""The matchmaking queue: a player queues for a game and a table size, and is seated with
others (or with the server's own bots, when it accepts them) at a rated live table.

State lives in Redis, one hash tag per game and table size (`<p>:queue:{skyjo:2}:…`), and
every change is one script (store/lua/queue_*.lua): a ticket is matched, cancelled or
expired by one script run, so two replicas can never seat one ticket twice. Matching runs
when a ticket is queued and at each poll of it (no background worker): a ticket is matched
as soon as its owner or a compatible newcomer touches the queue.

A matched ticket's seat token is never stored: it is an HMAC of the ticket id by the key
the player queued with, computed again at each poll of that key; the game stores its hash.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from cardtable.games.idempotency import IdempotencyKeyReused
from cardtable.games.service import GameService
from cardtable.live.hub import channel_for
from cardtable.rated.duplicate import (
    DUPLICATE,
    FORMATS,
    SINGLE,
    DuplicateNeedsBots,
    DuplicateSets,
    game_id_of,
    rotated,
    rotation_ticket,
    seat_in,
)
from cardtable.rated.names import folded
from cardtable.rated.players import Players
from cardtable.rated.skill import GAMES, rating_of
from cardtable.rated.teams import TEAM_MARK, team_options, team_request_problem
from cardtable.store import DuplicateId, NotFound, RedisClient
from cardtable.store.scripts import lua
from cardtable_engine.host import ServiceError, hash_token, new_id
from cardtable_engine.registry import get_rules

OPPONENTS = ("humans", "bots", "any")
STATUSES = ("waiting", "matched", "cancelled", "expired")
SERVER_BOTS = ("search", "expert", "greedy", "random")
"""The server bots that are rated players, strongest first; a game seats those it hosts."""
SERVER_BOT_SEATS = 7
"""Each server bot is this many rated players (`bot-expert-1` … `-7`), so that one table of
up to 8 can hold several without a player meeting itself."""


ACTIVE_TTL_SECONDS = 7 * 24 * 3600
"""A player's list of rated games in play expires a week after its last new game."""
POLLED, SWEEP_ONLY, QUEUED = 1, 2, 3
"""How the match script treats its ticket: its owner's poll (renewed unless already stale,
then matched if it can be), its queueing (stored, then matched), or only a check that it
still waits (stale tickets swept)."""
IN_FLIGHT_SECONDS = 10.0
"""A player's ticket taken this recently but not stored yet is another request of the
player being queued (one whose request died is replaced after this)."""


class AlreadyQueued(ServiceError):
    code = "already_queued"


class AlreadyMatched(ServiceError):
    code = "already_matched"


class NotYourTicket(ServiceError):
    code = "not_your_ticket"


class InvalidQueueRequest(ServiceError):
    code = "invalid_queue_request"


@dataclass(frozen=True)
class QueueSettings:
    expire_after_seconds: float = 45.0
    """A waiting ticket nobody polls for this long expires."""
    window: float = 50.0
    window_per_second: float = 10.0
    window_max: float = 1000.0
    """The displayed-rating window of a match: ±50 at once, widening by 10 a second
    waited, up to ±1000 (everyone, in practice)."""
    turn_seconds: int = 30
    """The matched table's turn timer (the contract asks for at least 15 s)."""


def server_bot_id(bot: str, index: int) -> str:
    return f"bot-{bot}-{index}"


def server_bot_name(bot: str, index: int) -> str:
    return f"{bot.capitalize()} bot {index}"


def seat_token(key: str, ticket: str) -> str:
    """The seat token of a matched ticket, for the key it was queued with (never stored)."""
    digest = hmac.new(key.encode(), f"cardtable seat\n{ticket}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()


def duplicate_fields(key: str, ticket: str, size: int) -> dict[str, Any]:
    """A duplicate ticket's own fields: its format, and the hash of its seat token in each
    rotation's game (each token derived like the first, never stored)."""
    hashes = [hash_token(seat_token(key, rotation_ticket(ticket, r))) for r in range(size)]
    return {"format": DUPLICATE, "rotation_token_sha256s": hashes}


def ticket_for(
    game: str, size: int, player_id: str, idempotency_key: str | None, teams: bool = False
) -> str:
    """A ticket id: its game and size, marked for a team table (which say where it lives),
    then a random part, or with an Idempotency-Key one derived from it and the player (a
    retry finds it)."""
    if idempotency_key is None:
        tail = new_id()
    else:
        raw = hashlib.sha256(f"cardtable queue\n{player_id}\n{idempotency_key}".encode())
        tail = base64.urlsafe_b64encode(raw.digest()[:16]).rstrip(b"=").decode()
    return f"{game}.{size}{TEAM_MARK if teams else ''}.{tail}"


def parse_ticket(ticket: str) -> tuple[str, int]:
    """The game and size a ticket id names (NotFound for an id no ticket can have)."""
    parts = ticket.split(".")
    size = parts[1].removesuffix(TEAM_MARK) if len(parts) == 3 else ""
    if len(parts) != 3 or parts[0] not in GAMES or not size.isdigit() or len(size) > 1:
        raise NotFound("ticket", ticket)
    return parts[0], int(size)


def is_team_ticket(ticket: str) -> bool:
    """A ticket for a team table (cardtable.rated.teams): matched only with its likes."""
    return ticket.split(".")[1].endswith(TEAM_MARK)


class Queue:
    def __init__(
        self,
        redis: RedisClient,
        prefix: str,
        players: Players,
        games: GameService,
        settings: QueueSettings,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.redis = redis
        self.prefix = prefix
        self.players = players
        self.games = games
        self.settings = settings
        self.clock = clock
        self.channel = channel_for(prefix)
        self._match = redis.register_script(lua("queue_common", "queue_match"))
        self._cancel = redis.register_script(lua("queue_common", "queue_cancel"))
        self._player_ticket = redis.register_script(lua("player_ticket"))
        self._bots_ready = False
        self.sets = DuplicateSets(redis, prefix, games)
        for bot in SERVER_BOTS:
            for index in range(1, SERVER_BOT_SEATS + 1):
                players.reserved[folded(server_bot_name(bot, index))] = server_bot_id(bot, index)

    def keys(self, game: str, size: int, teams: bool = False) -> list[str]:
        base = f"{self.prefix}:queue:{{{game}:{size}{TEAM_MARK if teams else ''}}}"
        return [f"{base}:tickets", f"{base}:waiting", f"{base}:seen", f"{base}:ended"]

    def keys_for(self, ticket: str) -> list[str]:
        """The keys of the queue `ticket` waits in (its game, size, teams or not)."""
        game, size = parse_ticket(ticket)
        return self.keys(game, size, is_team_ticket(ticket))

    # ---- the server's own bots ---------------------------------------------------------

    def ensure_server_bots(self) -> None:
        """Create the server bots' rated players once per process (idempotent); a bot found
        missing later (Redis emptied or restarted under a running server) is made again by
        `_server_bots`."""
        if self._bots_ready:
            return
        for bot in SERVER_BOTS:
            for index in range(1, SERVER_BOT_SEATS + 1):
                name = server_bot_name(bot, index)
                self.players.ensure(server_bot_id(bot, index), name, "bot")
        self._bots_ready = True

    def _read_players(self, ids: list[str]) -> list[dict[str, str]]:
        pipe = self.redis.pipeline(transaction=False)
        for player in ids:
            pipe.hgetall(self.players.key_for(player))
        return [{k.decode(): v.decode() for k, v in raw.items()} for raw in pipe.execute()]

    def _server_bots(self, game: str, rating: float) -> list[str]:
        """The server bots as the match script takes them, closest in rating first."""
        self.ensure_server_bots()
        hosted = get_rules(game).bots
        ids = [
            server_bot_id(bot, index)
            for bot in SERVER_BOTS
            if bot in hosted
            for index in range(1, SERVER_BOT_SEATS + 1)
        ]
        found = self._read_players(ids)
        missing = [
            player for player, fields in zip(ids, found, strict=True) if "name" not in fields
        ]
        if missing:
            # Created once per process, but Redis may have lost them since (emptied,
            # restarted without persistence): make them again rather than never seat them.
            for player in missing:
                _, bot, index = player.split("-")
                self.players.ensure(player, server_bot_name(bot, int(index)), "bot")
            found = self._read_players(ids)
        entries: list[dict[str, Any]] = []
        for player, fields in zip(ids, found, strict=True):
            if "name" not in fields:
                continue  # not created (yet): never seated
            shown = rating_of(fields, game).rating
            bot = player.split("-")[1]
            entries.append(
                {"player": player, "name": fields.get("name", player), "bot": bot, "rating": shown}
            )
        entries.sort(key=lambda entry: (abs(entry["rating"] - rating), random.random()))
        return [json.dumps(entry) for entry in entries]

    # ---- queueing ---------------------------------------------------------------------

    def enqueue(
        self,
        player_id: str,
        key: str,
        game: str,
        size: int,
        opponents: str | None,
        idempotency_key: str | None = None,
        format: str | None = None,
        teams: bool = False,
    ) -> tuple[dict[str, Any], bool]:
        """Queue the player: its ticket as queued (`waiting`: the contract's answer, though
        the ticket may be matched within this very call; its GET tells) and whether it is a
        replay. `format` "duplicate": a duplicate set (cardtable.rated.duplicate); `teams`:
        for a team table (cardtable.rated.teams)."""
        rules = get_rules(game)
        if not rules.min_players <= size <= rules.max_players:
            raise InvalidQueueRequest(
                f"{game} is played by {rules.min_players} to {rules.max_players} players"
            )
        problem = team_request_problem(game, size) if teams else None
        if problem is not None:
            raise InvalidQueueRequest(f"no team table: {problem}")
        fields = self.players.require(player_id)
        kind = fields["kind"]
        opponents = opponents or ("humans" if kind == "human" else "bots")
        if opponents not in OPPONENTS:
            raise InvalidQueueRequest(f"opponents is one of {', '.join(OPPONENTS)}")
        duplicate = self._duplicate(format, kind, opponents, teams)
        ticket = ticket_for(game, size, player_id, idempotency_key, teams)
        self._hold(player_id, ticket, idempotency_key is not None)
        rating = rating_of(fields, game).rating
        entry = {
            "player": player_id,
            "name": fields["name"],
            "kind": kind,
            "opponents": opponents,
            "rating": rating,
            "since": self.clock(),
            "status": "waiting",
            "token_sha256": hash_token(seat_token(key, ticket)),
            **(duplicate_fields(key, ticket, size) if duplicate else {}),
        }
        queued = {**self._answer(ticket, entry, key), "status": "waiting"}
        # Stored, and matched at once when a table exists, by one script run; a retry with
        # the same key finds the ticket stored: the first answer again.
        replayed = self._try_match(game, size, ticket, entry, QUEUED) is None
        return queued, replayed

    @staticmethod
    def _duplicate(format: str | None, kind: str, opponents: str, teams: bool) -> bool:
        """Whether the ticket asks for a duplicate set (only a bot against bots may, and
        not as teams)."""
        if (format or SINGLE) not in FORMATS:
            raise InvalidQueueRequest(f"format is one of {', '.join(FORMATS)}")
        if format == DUPLICATE and teams:
            raise InvalidQueueRequest(
                "a duplicate set is not played as teams: ask for one or the other"
            )
        if format == DUPLICATE and (kind != "bot" or opponents != "bots"):
            raise DuplicateNeedsBots(
                "a duplicate set is for a bot player queueing against bots only "
                '(kind "bot", opponents "bots"): see docs/rated-play.md'
            )
        return format == DUPLICATE

    def _hold(self, player_id: str, ticket: str, keyed: bool) -> None:
        """Make `ticket` the player's one ticket (atomic in the player's slot): refused
        while it holds another that is waiting, or being queued (taken moments ago and
        not stored yet: a twin request in flight)."""
        player_key = self.players.key_for(player_id)
        held = self._player_ticket(keys=[player_key], args=[ticket, "", self.clock()])
        if held[0] == 1:
            return
        held_id, taken_at = held[0].decode(), float(held[1])
        if keyed and held_id.split(".")[-1] == ticket.split(".")[-1]:
            raise IdempotencyKeyReused("this Idempotency-Key queued another ticket")
        status = self._swept_status(held_id)
        in_flight = status is None and self.clock() - taken_at < IN_FLIGHT_SECONDS
        if status == "waiting" or in_flight:
            raise AlreadyQueued(f"you hold the waiting ticket {held_id}; cancel it first")
        replaced = self._player_ticket(keys=[player_key], args=[ticket, held_id, self.clock()])
        if replaced[0] != 1:
            raise AlreadyQueued("you queued another ticket at the same moment")

    def _swept_status(self, ticket: str) -> str | None:
        """The ticket's status once the stale tickets of its queue are swept out (so a
        ticket its owner abandoned long ago reads expired, not waiting)."""
        try:
            game, size = parse_ticket(ticket)
        except NotFound:
            return None
        status, _stored = self._run_match(game, size, ticket, SWEEP_ONLY, [], "")
        return None if status == b"unknown" else str(status.decode())

    def _status(self, ticket: str) -> str | None:
        try:
            keys = self.keys_for(ticket)
        except NotFound:
            return None
        stored = self.redis.hget(keys[0], ticket)
        return json.loads(stored)["status"] if stored else None

    def status(self, player_id: str, key: str, ticket: str, mode: int = POLLED) -> dict[str, Any]:
        """The ticket as its owner sees it, after trying to match it (a poll)."""
        game, size = parse_ticket(ticket)
        entry = self._owned(game, size, ticket, player_id)
        if entry["status"] == "waiting":
            entry = self._try_match(game, size, ticket, entry, mode) or entry
        elif entry["status"] == "matched":
            self._ensure_game(game, size, entry, is_team_ticket(ticket))
        return self._answer(ticket, entry, key)

    def _owned(self, game: str, size: int, ticket: str, player_id: str) -> dict[str, Any]:
        stored = self.redis.hget(self.keys_for(ticket)[0], ticket)
        if stored is None:
            raise NotFound("ticket", ticket)
        entry: dict[str, Any] = json.loads(stored)
        if entry["player"] != player_id:
            raise NotYourTicket("this ticket is another player's")
        return entry

    def _try_match(
        self, game: str, size: int, ticket: str, entry: dict[str, Any], mode: int
    ) -> dict[str, Any] | None:
        """The ticket after a try to seat it (a table made then is created); QUEUED stores
        `entry` first (None: it was stored already, nothing done)."""
        accepts_bots = entry["opponents"] in ("bots", "any")
        bots = self._server_bots(game, entry["rating"]) if accepts_bots else []
        queued = [json.dumps(entry), repr(entry["rating"])] if mode == QUEUED else []
        game_id = new_id()
        status, stored, *match = self._run_match(game, size, ticket, mode, bots, game_id, queued)
        if status == b"unknown":
            raise NotFound("ticket", ticket)
        if status == b"replayed":
            return None
        if match:
            options = team_options(is_team_ticket(ticket))
            self._create_match(game, game_id, json.loads(match[0]), entry, options)
        return dict(json.loads(stored))

    def _run_match(
        self,
        game: str,
        size: int,
        ticket: str,
        mode: int,
        bots: list[str],
        game_id: str,
        queued: list[str] | None = None,
    ) -> list[Any]:
        """The match script (store/lua/queue_match.lua) for `ticket`: `mode` POLLED (renew,
        sweep, match), QUEUED (`queued`: the new ticket's JSON and rating, stored first) or
        SWEEP_ONLY."""
        seats = list(range(size))
        random.shuffle(seats)
        return list(
            self._match(
                keys=self.keys_for(ticket),
                args=[
                    self.clock(),
                    self.settings.expire_after_seconds,
                    ticket,
                    mode,
                    size,
                    game_id,
                    self.settings.window,
                    self.settings.window_per_second,
                    self.settings.window_max,
                    self.channel,
                    ",".join(map(str, seats)),
                    len(bots),
                    *bots,
                    *(queued or []),  # QUEUED: the new ticket's JSON and rating
                ],
            )
        )

    def _ensure_game(
        self, game: str, size: int, entry: dict[str, Any], teams: bool = False
    ) -> None:
        """A matched ticket's game exists (created by whoever matched it; if that request
        died in between, by this one, from the match kept in the queue)."""
        game_id = entry["game_id"]
        if entry.get("format") == DUPLICATE:
            if self.sets.complete(game_id, size):
                return
        else:
            try:
                self.games.store.current_version(game_id)
                return
            except NotFound:
                pass
        stored = self.redis.hget(self.keys(game, size, teams)[0], f"m:{game_id}")
        if stored is not None:
            self._create_match(game, game_id, json.loads(stored), entry, team_options(teams))

    def _create_match(
        self,
        game: str,
        game_id: str,
        seats: list[dict[str, Any]],
        entry: dict[str, Any],
        options: dict[str, Any] | None = None,
    ) -> None:
        """The match's game, or for a duplicate ticket its set: one game per rotation, in
        rotation order (see DuplicateSets.complete), each with its rotation's token hashes
        (kept in the tickets' entries)."""
        if entry.get("format") != DUPLICATE:
            self._create_game(game, game_id, seats, options)
            return
        tickets = [seat["ticket"] for seat in seats if seat["ticket"]]
        stored = self.redis.hmget(self.keys(game, len(seats))[0], tickets)
        hashes = {
            ticket: json.loads(raw)["rotation_token_sha256s"]
            for ticket, raw in zip(tickets, stored, strict=True)
            if raw is not None
        }
        seed = self.sets.seed(game_id)
        for rotation in range(len(seats)):
            rated_set = {"id": game_id, "index": rotation, "size": len(seats)}
            self._create_game(
                game,
                game_id_of(game_id, rotation),
                rotated(seats, rotation, hashes),
                seed=seed,
                rated_set=rated_set,
            )

    def active_key(self, player_id: str) -> str:
        return f"{self.players.key_for(player_id)}:active"

    def active_games(self, player_id: str) -> dict[str, int]:
        """The rated games the player was seated at and that are not known to be over."""
        members = self.redis.srandmember(self.active_key(player_id), 64) or []
        found = {}
        for member in members:
            game_id, seat = member.decode().split(" ")
            found[game_id] = int(seat)
        return found

    def drop_active(self, player_id: str, game_id: str, seat: int) -> None:
        self.redis.srem(self.active_key(player_id), f"{game_id} {seat}")

    def held_ticket(self, player_id: str) -> str | None:
        held = self.redis.hget(self.players.key_for(player_id), "ticket")
        return held.decode() if held else None

    def _create_game(
        self,
        game: str,
        game_id: str,
        seats: list[dict[str, Any]],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        rated_set: dict[str, Any] | None = None,
    ) -> None:
        """The matched table, dealt with `options` (None: the defaults; a team table's
        `teams`: partners sit opposite, as the rules say)."""
        players = []
        pipe = self.redis.pipeline(transaction=False)  # one round trip for every seat
        for seat in seats:
            entry: dict[str, Any] = {"name": seat["name"]}
            if seat["bot"]:
                entry["bot"] = seat["bot"]
            else:  # followed by the player's own feed (cardtable.rated.feed)
                active = self.active_key(seat["player"])
                pipe.sadd(active, f"{game_id} {seat['seat']}")
                pipe.expire(active, ACTIVE_TTL_SECONDS)
            players.append(entry)
        pipe.execute()
        with contextlib.suppress(DuplicateId):  # another request created it from this match
            self.games.create(
                game,
                players,
                options,
                seed,
                game_id=game_id,
                turn_seconds=self.settings.turn_seconds,
                rated=True,
                player_ids=[seat["player"] for seat in seats],
                token_sha256s=[seat["token_sha256"] or None for seat in seats],
                rated_set=rated_set,
            )

    def _answer(self, ticket: str, entry: dict[str, Any], key: str) -> dict[str, Any]:
        game, size = parse_ticket(ticket)
        answer: dict[str, Any] = {
            "ticket": ticket,
            "status": entry["status"],
            "game": game,
            "players": size,
            "opponents": entry["opponents"],
            "teams": is_team_ticket(ticket),
        }
        if entry.get("format") == DUPLICATE:
            answer["format"] = DUPLICATE
        if entry["status"] == "matched" and entry.get("format") == DUPLICATE:
            games = [
                {
                    "game_id": game_id_of(entry["game_id"], rotation),
                    "seat": seat_in(entry["seat"], rotation, size),
                    "token": seat_token(key, rotation_ticket(ticket, rotation)),
                }
                for rotation in range(size)
            ]
            answer.update(games[0], set_id=entry["game_id"], games=games)
        elif entry["status"] == "matched":
            answer.update(
                game_id=entry["game_id"], seat=entry["seat"], token=seat_token(key, ticket)
            )
        return answer

    def wait(self, player_id: str, key: str, ticket: str, seconds: float) -> dict[str, Any]:
        """`status`, held up to `seconds` while the ticket waits (woken by its change)."""
        answer = self.status(player_id, key, ticket)
        if answer["status"] != "waiting" or seconds <= 0:
            return answer

        def version() -> int:
            return 0 if self._status(ticket) == "waiting" else 1

        self.games.hub.wait_for_change(f"queue:{ticket}", 0, seconds, version)
        return self.status(player_id, key, ticket)

    def stream(
        self, player_id: str, key: str, ticket: str, heartbeat: float, address: str | None
    ) -> Iterator[str]:
        """A ticket's Server-Sent Events: its answer now and at each change (each poll of the
        stream renews the ticket, as a poll does), a comment line every `heartbeat` seconds,
        and the end once it is no longer waiting. The stream holds a waiting slot of the hub
        (its caps apply) until it ends or its client goes away."""
        answer = self.status(player_id, key, ticket)  # refusals (403, 404) before streaming

        def events() -> Iterator[str]:
            nonlocal answer
            with self.games.hub.slot(address), self.games.hub.watching(f"queue:{ticket}") as w:
                yield f"data: {json.dumps(answer)}\n\n"
                while answer["status"] == "waiting" and not self.games.hub.stopping:
                    if self.games.hub.wait(w, 0, heartbeat) is None:
                        yield ": waiting\n\n"
                    answer = self.status(player_id, key, ticket)
                    if answer["status"] != "waiting":
                        yield f"data: {json.dumps(answer)}\n\n"

        return events()

    def cancel(self, player_id: str, key: str, ticket: str) -> dict[str, Any]:
        game, size = parse_ticket(ticket)
        self._owned(game, size, ticket, player_id)
        stored = self._cancel(keys=self.keys_for(ticket), args=[ticket, self.clock(), self.channel])
        if not stored:
            raise NotFound("ticket", ticket)
        entry = json.loads(stored)
        if entry["status"] == "matched":
            raise AlreadyMatched(f"the ticket was matched: game {entry['game_id']}")
        return {**self._answer(ticket, entry, key), "status": entry["status"]}
