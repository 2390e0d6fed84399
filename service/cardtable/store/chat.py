"""A live table's chat in Redis: a short list of the latest messages beside the game (same
Cluster slot), numbered by its own counter, never part of the game's document, log,
version or record. Posting publishes on the games' change channel under the id
`chat:<game id>`, so the push hub wakes the chat's long-polls as it wakes the game's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from cardtable.store.connection import RedisClient
from cardtable.store.documents import NotFound, Record
from cardtable.store.errors import classified
from cardtable.store.scripts import lua

KEPT_MESSAGES = 50
"""Messages a table's chat keeps (older ones are dropped as new ones come)."""


def waiter_id(game_id: str) -> str:
    """The id the hub knows a game's chat by (a game id never holds `:`)."""
    return f"chat:{game_id}"


@dataclass(frozen=True)
class ChatPage:
    seq: int
    """The number of the chat's latest message (0: none yet)."""
    messages: list[dict[str, Any]]
    """The kept messages after the asked `since`, oldest first."""


class ChatLog:
    """The chats of one key prefix's games."""

    def __init__(self, redis: RedisClient, prefix: str, kept: int = KEPT_MESSAGES):
        self.redis = redis
        self.prefix = prefix
        self.kept = kept
        self._post = redis.register_script(lua("chat_post"))

    def _game_key(self, game_id: str) -> str:
        return f"{self.prefix}:game:{{{game_id}}}"

    def _keys(self, game_id: str) -> tuple[str, str]:
        base = self._game_key(game_id)
        return f"{base}:chat", f"{base}:chat:seq"

    def post(self, game_id: str, message: dict[str, Any], record: Record | None) -> dict[str, Any]:
        """Append `message` (its `seq` is given here); NotFound when the game is gone."""
        messages, seq = self._keys(game_id)
        record_key = record.key if record else f"{self._game_key(game_id)}:rec:-"
        args = [
            json.dumps(message, separators=(",", ":"), ensure_ascii=False),
            self.kept,
            f"{self.prefix}:game:changes",  # the games' channel (live/hub.py listens)
            waiter_id(game_id),
            record.value if record else "",
            record.ttl_seconds if record else 0,
            record.keep if record else 1,
        ]
        with classified(write=True):
            stored = self._post(
                keys=[messages, seq, record_key, self._game_key(game_id)], args=args
            )
        if stored is None:
            raise NotFound("game", game_id)
        entry: dict[str, Any] = json.loads(stored)
        return entry

    def latest(self, game_id: str) -> int:
        """The number of the chat's latest message (0 when it has none)."""
        with classified():
            value = self.redis.get(self._keys(game_id)[1])
        return int(value or 0)

    def read(self, game_id: str, since: int) -> ChatPage:
        """The kept messages after `since`; NotFound when the game is gone (its chat too)."""
        messages, seq = self._keys(game_id)
        with classified():
            pipe = self.redis.pipeline(transaction=False)
            pipe.exists(self._game_key(game_id))
            pipe.get(seq)
            pipe.lrange(messages, 0, -1)
            exists, latest, entries = pipe.execute()
        if not exists:
            raise NotFound("game", game_id)
        kept = [json.loads(entry) for entry in entries]
        return ChatPage(int(latest or 0), [entry for entry in kept if entry["seq"] > since])
