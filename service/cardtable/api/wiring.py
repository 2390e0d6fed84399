"""What the app factory builds once and the routes use: settings, stores and services."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.api import metrics
from cardtable.api.limits import charging_moves
from cardtable.config import Settings
from cardtable.games.seating import Seating
from cardtable.games.service import GameService
from cardtable.live.hub import counting_published, new_hub
from cardtable.sheets.service import ScoreSheetService
from cardtable.store import DocumentStore, RedisClient
from cardtable.store.clock import RedisClock


@dataclass
class Wiring:
    settings: Settings
    redis: RedisClient
    games: GameService
    sheets: ScoreSheetService
    seating: Seating

    @classmethod
    def build(cls, settings: Settings, redis_client: RedisClient) -> Wiring:
        """The stores and services over one Redis client. Sheets expire like games: idle
        ones after the game TTL, finished ones after the finished-game retention."""
        stores = {
            kind: DocumentStore(
                redis_client,
                kind,
                prefix=settings.key_prefix,
                ttl_seconds=settings.game_ttl_seconds,
                finished_ttl_seconds=settings.finished_ttl_seconds,
                write_resends=settings.redis_write_resends,
                wait_replicas=settings.redis_wait_replicas,
                wait_timeout_ms=settings.redis_wait_timeout_ms,
            )
            for kind in ("game", "sheet")
        }
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
        return cls(settings, redis_client, games, sheets, Seating(games))
