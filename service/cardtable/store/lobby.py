"""The lobby: an index of public games waiting for players, newest first, paged by cursor.

Per game type a sorted set `<prefix>:lobby:{<game>}`, plus `<prefix>:lobby:{all}` for every
type; each beside its sequence key in the same hash slot, so every command touches one slot
(Redis Cluster). A member is a game id; its score is unique and increasing (INCR, raised to
the creation time in milliseconds so old entries can be trimmed by score). A page holds the
members scored below the cursor (the last score served): games coming and going never make
a page repeat or skip one. The index is kept best effort, since games live in other slots:
each listed entry is checked against its game's small `lobby` field (one pipelined read),
and stale ones (filled, started, abandoned, expired) are removed as they are met.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.store.connection import RedisClient
from cardtable.store.scripts import lua

LOBBY_FIELD = "lobby"
"""The game hash's field with its lobby summary (JSON), empty when it is not listed."""
MAX_ENTRIES = 10_000
"""Cap per sorted set: the oldest entries go first."""

ADD = lua("lobby_add")
"""Adds a member (store/lua/lobby_add.lua: its KEYS and ARGV are at its top)."""


class Lobby:
    """The lobby's sorted sets over one Redis client."""

    def __init__(
        self, redis: RedisClient, game_key: Any, *, prefix: str, waiting_ttl_seconds: int
    ) -> None:
        """`game_key(id)` is the Redis key of a game's hash (it holds the `lobby` field)."""
        self.redis = redis
        self.game_key = game_key
        self.prefix = prefix
        self.waiting_ttl_seconds = waiting_ttl_seconds
        self._add = redis.register_script(ADD)

    def index_key(self, game: str | None) -> str:
        return f"{self.prefix}:lobby:{{{game or 'all'}}}"

    def add(self, game_id: str, game: str, now: float) -> None:
        now_ms = int(now * 1000)
        oldest = now_ms - self.waiting_ttl_seconds * 1000
        for key in (self.index_key(game), self.index_key(None)):
            self._add(keys=[key, key + ":seq"], args=[game_id, now_ms, oldest, MAX_ENTRIES])

    def remove(self, game_id: str, game: str) -> None:
        for key in (self.index_key(game), self.index_key(None)):
            self.redis.zrem(key, game_id)

    def page(
        self, game: str | None, cursor: int | None, limit: int
    ) -> tuple[list[dict[str, Any]], int | None]:
        """Up to `limit` listed games scored below `cursor` (None: the newest), newest first,
        and the cursor of the next page (None when there is none)."""
        key = self.index_key(game)
        found: list[dict[str, Any]] = []
        below = "+inf" if cursor is None else f"({cursor}"
        while len(found) < limit:
            batch = self.redis.zrevrangebyscore(
                key, below, "-inf", start=0, num=limit * 2, withscores=True
            )
            if not batch:
                return found, None
            summaries = self._summaries([member.decode() for member, _ in batch])
            for (member, score), summary in zip(batch, summaries, strict=True):
                below = f"({int(score)}"
                if summary is None:
                    self.redis.zrem(key, member)
                    continue
                found.append(summary)
                if len(found) == limit:
                    return found, int(score)
        return found, None

    def _summaries(self, game_ids: list[str]) -> list[dict[str, Any] | None]:
        pipe = self.redis.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hget(self.game_key(game_id), LOBBY_FIELD)
        summaries: list[dict[str, Any] | None] = []
        for raw in pipe.execute():
            summaries.append(json.loads(raw) if raw else None)
        return summaries


__all__ = ["LOBBY_FIELD", "Lobby"]
