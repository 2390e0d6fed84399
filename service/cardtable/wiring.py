"""What the app factory builds once and the routes use: settings, stores, services and the
event path (the hub, the feeds, the alarms)."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.api import metrics
from cardtable.api.limits import charging_moves
from cardtable.config import Settings
from cardtable.games.chat import TableChat
from cardtable.games.seating import Seating
from cardtable.games.service import GameService
from cardtable.live.alarms import Alarms
from cardtable.live.feeds import Feeds
from cardtable.live.hub import Hub, counting_published, new_hub
from cardtable.live.streams import EventStreams
from cardtable.rated.duplicate import SetRatings
from cardtable.rated.matchmaking import Queue, QueueSettings
from cardtable.rated.players import Players
from cardtable.rated.ratings import Ratings
from cardtable.rated.sweep import SettleSweep, SweepSettings
from cardtable.sheets.service import ScoreSheetService
from cardtable.store import DocumentStore, RedisClient
from cardtable.store.chat import ChatLog
from cardtable.store.clock import RedisClock
from cardtable.store.connection import write_waits
from cardtable.store.secrets import SharedSecret


@dataclass
class Wiring:
    settings: Settings
    redis: RedisClient
    games: GameService
    sheets: ScoreSheetService
    seating: Seating
    hub: Hub
    feeds: Feeds
    alarms: Alarms
    ids_secret: SharedSecret
    """What keyed creates' ids are derived with (`cardtable.games.idempotency`)."""
    players: Players
    ratings: Ratings
    queue: Queue
    sweep: SettleSweep
    """Settles the finished rated games nobody read (started in server workers)."""
    chat: TableChat
    """The live tables' chats (apart from the games' versions and records)."""

    @classmethod
    def build(cls, settings: Settings, redis_client: RedisClient) -> Wiring:
        """The stores and services over one Redis client. Sheets expire like games: idle
        ones after the game TTL, finished ones after the finished-game retention."""
        stores = _document_stores(settings, redis_client)
        clock = RedisClock(redis_client)  # one clock for every replica: docs/consistency.md
        games = GameService(
            stores["game"],
            clock=clock,
            on_moves=charging_moves(counting_published(metrics.record_moves)),
            on_created=metrics.record_created,
            bot_budget_seconds=settings.bot_budget_seconds,
            bot_moves_per_request=settings.bot_moves_per_request,
            waiting_ttl_seconds=settings.waiting_ttl_seconds,
            takeover_after=settings.takeover_timeouts,
            write_schema=settings.write_schema,
            hub=new_hub(
                redis_client,
                settings.key_prefix,
                settings.max_streams,
                settings.streams_per_address,
                return_freed_memory=settings.return_freed_memory,
            ),
        )
        sheets = ScoreSheetService(stores["sheet"], clock=clock)
        seating = Seating(games)
        players, ratings, queue, sweep = rated_play(settings, redis_client, games, clock)
        ids_secret = SharedSecret(
            redis_client, f"{settings.key_prefix}:secret:ids", settings.idempotency_secret
        )
        return cls(
            settings,
            redis_client,
            games,
            sheets,
            seating,
            games.hub,
            new_feeds(games),
            Alarms(games),
            ids_secret,
            players,
            ratings,
            queue,
            sweep,
            TableChat(games, ChatLog(redis_client, settings.key_prefix)),
        )

    @property
    def streams(self) -> EventStreams:
        """The games' event streams, over this app's hub, feeds and alarms."""
        return EventStreams(
            self.hub,
            self.feeds,
            self.alarms,
            self.games.load,
            self.games.seat_for,
            self.settings.sse_heartbeat_seconds,
        )


def rated_play(
    settings: Settings, redis_client: RedisClient, games: GameService, clock: RedisClock
) -> tuple[Players, Ratings, Queue, SettleSweep]:
    """Rated play (cardtable.rated) over the app's games: a finished rated game settles its
    ratings (at its write or read, else by the sweep)."""
    players = Players(redis_client, settings.key_prefix, settings.idempotency_ttl_seconds)
    ratings = Ratings(redis_client, settings.key_prefix, players)
    ratings.sets = SetRatings(ratings, games)
    sweep_settings = SweepSettings(interval_seconds=settings.settle_sweep_seconds)
    sweep = SettleSweep(redis_client, settings.key_prefix, games, ratings, sweep_settings, clock)
    sweep.install()
    queue_settings = QueueSettings(expire_after_seconds=settings.queue_expire_seconds)
    queue = Queue(redis_client, settings.key_prefix, players, games, queue_settings, clock=clock)
    return players, ratings, queue, sweep


def new_feeds(games: GameService) -> Feeds:
    """A feed cache over `games` (the app's is built once; a new one is a cold worker's).
    The hub's read bound: streams and long-polls share one per process."""
    return Feeds(games.load, games.replayed, games.read_log, reading=games.hub.reading)


def _document_stores(settings: Settings, redis_client: RedisClient) -> dict[str, DocumentStore]:
    """The games' and the sheets' stores, with the write guarantee in force (logged)."""
    waits = write_waits(settings, redis_client)
    return {
        kind: DocumentStore(
            redis_client,
            kind,
            prefix=settings.key_prefix,
            ttl_seconds=settings.game_ttl_seconds,
            finished_ttl_seconds=settings.finished_ttl_seconds,
            write_resends=settings.redis_write_resends,
            wait_replicas=waits,
            wait_timeout_ms=settings.redis_wait_timeout_ms,
        )
        for kind in ("game", "sheet")
    }
