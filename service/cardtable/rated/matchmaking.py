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
from cardtable.rated.names import folded
from cardtable.rated.players import Players
from cardtable.rated.ratings import GAMES, rating_of
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
then matched if it can be), its queueing (renewed, then matched), or only a check that it
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


def ticket_for(game: str, size: int, player_id: str, idempotency_key: str | None) -> str:
    """A ticket id: its game and size (which say where it lives), then a random part, or
    with an Idempotency-Key one derived from it and the player (a retry finds it)."""
    if idempotency_key is None:
        tail = new_id()
    else:
        raw = hashlib.sha256(f"cardtable queue\n{player_id}\n{idempotency_key}".encode())
        tail = base64.urlsafe_b64encode(raw.digest()[:16]).rstrip(b"=").decode()
    return f"{game}.{size}.{tail}"


def parse_ticket(ticket: str) -> tuple[str, int]:
    """The game and size a ticket id names (NotFound for an id no ticket can have)."""
    parts = ticket.split(".")
    if len(parts) != 3 or parts[0] not in GAMES or not parts[1].isdigit() or len(parts[1]) > 1:
        raise NotFound("ticket", ticket)
    return parts[0], int(parts[1])


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
        self._enqueue = redis.register_script(lua("queue_common", "queue_enqueue"))
        self._match = redis.register_script(lua("queue_common", "queue_match"))
        self._cancel = redis.register_script(lua("queue_common", "queue_cancel"))
        self._player_ticket = redis.register_script(lua("player_ticket"))
        self._bots_ready = False
        for bot in SERVER_BOTS:
            for index in range(1, SERVER_BOT_SEATS + 1):
                players.reserved[folded(server_bot_name(bot, index))] = server_bot_id(bot, index)

    def keys(self, game: str, size: int) -> list[str]:
        base = f"{self.prefix}:queue:{{{game}:{size}}}"
        return [f"{base}:tickets", f"{base}:waiting", f"{base}:seen", f"{base}:ended"]

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
    ) -> tuple[dict[str, Any], bool]:
        """Queue the player: its ticket as queued (`waiting`: the contract's answer, though
        the ticket may be matched within this very call; its GET tells) and whether it is a
        replay."""
        rules = get_rules(game)
        if not rules.min_players <= size <= rules.max_players:
            raise InvalidQueueRequest(
                f"{game} is played by {rules.min_players} to {rules.max_players} players"
            )
        fields = self.players.require(player_id)
        kind = fields["kind"]
        opponents = opponents or ("humans" if kind == "human" else "bots")
        if opponents not in OPPONENTS:
            raise InvalidQueueRequest(f"opponents is one of {', '.join(OPPONENTS)}")
        ticket = ticket_for(game, size, player_id, idempotency_key)
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
        }
        now = self.clock()
        added = self._enqueue(
            keys=self.keys(game, size), args=[ticket, json.dumps(entry), rating, now]
        )
        queued = {**self._answer(ticket, entry, key), "status": "waiting"}
        if not added[0]:
            return queued, True  # the first answer again (a retry with the same key)
        self.status(player_id, key, ticket, QUEUED)  # matched at once when a table exists
        return queued, False

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
            game, size = parse_ticket(ticket)
        except NotFound:
            return None
        stored = self.redis.hget(self.keys(game, size)[0], ticket)
        return json.loads(stored)["status"] if stored else None

    def status(self, player_id: str, key: str, ticket: str, mode: int = POLLED) -> dict[str, Any]:
        """The ticket as its owner sees it, after trying to match it (a poll)."""
        game, size = parse_ticket(ticket)
        entry = self._owned(game, size, ticket, player_id)
        if entry["status"] == "waiting":
            entry = self._try_match(game, size, ticket, entry, mode)
        elif entry["status"] == "matched":
            self._ensure_game(game, size, entry["game_id"])
        return self._answer(ticket, entry, key)

    def _owned(self, game: str, size: int, ticket: str, player_id: str) -> dict[str, Any]:
        stored = self.redis.hget(self.keys(game, size)[0], ticket)
        if stored is None:
            raise NotFound("ticket", ticket)
        entry: dict[str, Any] = json.loads(stored)
        if entry["player"] != player_id:
            raise NotYourTicket("this ticket is another player's")
        return entry

    def _try_match(
        self, game: str, size: int, ticket: str, entry: dict[str, Any], mode: int
    ) -> dict[str, Any]:
        accepts_bots = entry["opponents"] in ("bots", "any")
        bots = self._server_bots(game, entry["rating"]) if accepts_bots else []
        game_id = new_id()
        status, stored, *match = self._run_match(game, size, ticket, mode, bots, game_id)
        if status == b"unknown":
            raise NotFound("ticket", ticket)
        if match:
            self._create_game(game, game_id, json.loads(match[0]))
        return dict(json.loads(stored))

    def _run_match(
        self, game: str, size: int, ticket: str, mode: int, bots: list[str], game_id: str
    ) -> list[Any]:
        """The match script (store/lua/queue_match.lua) for `ticket`: `mode` POLLED (renew,
        sweep, match), QUEUED or SWEEP_ONLY."""
        seats = list(range(size))
        random.shuffle(seats)
        return list(
            self._match(
                keys=self.keys(game, size),
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
                ],
            )
        )

    def _ensure_game(self, game: str, size: int, game_id: str) -> None:
        """A matched ticket's game exists (created by whoever matched it; if that request
        died in between, by this one, from the match kept in the queue)."""
        try:
            self.games.store.current_version(game_id)
            return
        except NotFound:
            pass
        stored = self.redis.hget(self.keys(game, size)[0], f"m:{game_id}")
        if stored is not None:
            self._create_game(game, game_id, json.loads(stored))

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

    def _create_game(self, game: str, game_id: str, seats: list[dict[str, Any]]) -> None:
        players = []
        for seat in seats:
            entry: dict[str, Any] = {"name": seat["name"]}
            if seat["bot"]:
                entry["bot"] = seat["bot"]
            else:  # followed by the player's own feed (cardtable.rated.feed)
                active = self.active_key(seat["player"])
                self.redis.sadd(active, f"{game_id} {seat['seat']}")
                self.redis.expire(active, ACTIVE_TTL_SECONDS)
            players.append(entry)
        with contextlib.suppress(DuplicateId):  # another request created it from this match
            self.games.create(
                game,
                players,
                None,
                None,
                game_id=game_id,
                turn_seconds=self.settings.turn_seconds,
                rated=True,
                player_ids=[seat["player"] for seat in seats],
                token_sha256s=[seat["token_sha256"] or None for seat in seats],
            )

    def _answer(self, ticket: str, entry: dict[str, Any], key: str) -> dict[str, Any]:
        game, size = parse_ticket(ticket)
        answer: dict[str, Any] = {
            "ticket": ticket,
            "status": entry["status"],
            "game": game,
            "players": size,
            "opponents": entry["opponents"],
        }
        if entry["status"] == "matched":
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
        stored = self._cancel(keys=self.keys(game, size), args=[ticket, self.clock(), self.channel])
        if not stored:
            raise NotFound("ticket", ticket)
        entry = json.loads(stored)
        if entry["status"] == "matched":
            raise AlreadyMatched(f"the ticket was matched: game {entry['game_id']}")
        return {**self._answer(ticket, entry, key), "status": entry["status"]}
