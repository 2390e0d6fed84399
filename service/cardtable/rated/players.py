"""Rated players: lasting identities (a name, a kind, a secret key stored hashed), their
profiles and their rated-game histories, in Redis. Knows nothing of HTTP.

Keys (`<p>` the key prefix; the braces are Redis Cluster hash tags):
- `<p>:player:{<id>}`: a hash: name, kind, key_sha256, created_at, and per game its rating
  (`mu:<game>`, `sigma:<game>`, `games:<game>`); `:games` beside it, the rated-game history
  (newest first), `:rated` the games already counted, `:rec:<name>` idempotency records.
- `<p>:player-names`: folded name → id (names are unique ignoring case and forms).
- `<p>:player-key:<sha256 of a key>` → id (a key is found by its hash; never stored).
"""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import Callable
from typing import Any

from cardtable.games.idempotency import Idempotency
from cardtable.games.live_table import iso_utc
from cardtable.rated.names import NameTaken, check_player_name, folded
from cardtable.rated.skill import GAMES, Rating, rating_of
from cardtable.store import DocumentStore, NotFound, RedisClient
from cardtable.store.scripts import lua
from cardtable_engine.host import InvalidToken, ServiceError, TokenRequired, hash_token, new_id

KINDS = ("human", "bot")
KEY_BYTES = 24
"""A player's key: 192 random bits (the contract asks for at least 128)."""
KEY_PREFIX = "ctp_"
"""Keys start with it, so that a leaked one is recognisable (secret scanners)."""
HISTORY_PAGE = 20
HISTORY_PAGE_MAX = 100
HISTORY_KEPT = 1000
ROTATED = "rotated:"
"""A key mapping left behind by a rotation, only so that a retry of that rotation (with
the old key and the same Idempotency-Key) replays its answer."""


class NotYourPlayer(ServiceError):
    code = "not_your_player"


class InvalidPlayer(ServiceError):
    code = "invalid_player"


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(KEY_BYTES)


class Players:
    """The players of one Redis (every replica shares them)."""

    def __init__(self, redis: RedisClient, prefix: str, idempotency_ttl: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.idempotency_ttl = idempotency_ttl
        # A document store only for its key scheme and idempotency records: a player's
        # records live in the player's slot, beside its hash.
        self.records = DocumentStore(redis, "player", prefix=prefix)
        self._create = redis.register_script(lua("player_create"))
        self.reserved: dict[str, str] = {}
        """Folded names kept for fixed players (the server's bots) → their ids: nobody else
        may take them, even before those players exist."""

    # ---- keys ------------------------------------------------------------------------

    def key_for(self, player_id: str) -> str:
        return self.records.key_for(player_id)

    def history_key(self, player_id: str) -> str:
        return f"{self.key_for(player_id)}:games"

    def rated_key(self, player_id: str) -> str:
        return f"{self.key_for(player_id)}:rated"

    @property
    def names_key(self) -> str:
        return f"{self.prefix}:player-names"

    def _secret_key(self, key_sha256: str) -> str:
        return f"{self.prefix}:player-key:{key_sha256}"

    # ---- creating ----------------------------------------------------------------------

    def create(
        self,
        name: object,
        kind: str,
        *,
        player_id: str | None = None,
        idem: Idempotency | None = None,
        key: str | None = None,
    ) -> tuple[dict[str, Any], bool]:
        """A new player: its answer (with the key, shown only now) and whether it is the
        first answer replayed (a retry with the same Idempotency-Key). `player_id` and
        `key`: fixed ones (the server's own bots)."""
        name = check_player_name(name)
        if kind not in KINDS:
            raise InvalidPlayer(f"kind is one of {', '.join(KINDS)}")
        player_id = player_id or new_id()
        if idem is not None:
            replay = idem.recall(self.records, player_id, "create")
            if replay is not None:
                return replay, True
        self._claim_name(name, player_id)
        key = key or new_key()
        answer = {"id": player_id, "name": name, "kind": kind, "key": key}
        record = idem.record(self.records, player_id, "create", answer) if idem else None
        created = self._create(
            keys=[self.key_for(player_id), self.records.record_key_for(player_id, "create")],
            args=[
                name,
                kind,
                hash_token(key),
                repr(time.time()),
                *((record.value, record.ttl_seconds, record.keep) if record else (b"", 0, 0)),
            ],
        )
        if not created:
            if idem is not None:  # a twin with the same key got in first
                replay = idem.recall(self.records, player_id, "create")
                if replay is not None:
                    return replay, True
            raise InvalidPlayer(f"player {player_id} exists already")
        self.redis.set(self._secret_key(hash_token(key)), player_id)
        return answer, False

    def ensure(self, player_id: str, name: str, kind: str) -> None:
        """Create a player with a fixed id unless it exists (the server's own bots, at each
        start: idempotent). Its key is drawn and forgotten: nobody acts as it."""
        if self.redis.exists(self.key_for(player_id)):
            return
        with contextlib.suppress(InvalidPlayer, NameTaken):  # another replica was first
            self.create(name, kind, player_id=player_id)

    def _claim_name(self, name: str, player_id: str) -> None:
        if self.reserved.get(folded(name), player_id) != player_id:
            raise NameTaken(f"the name {name!r} is kept for the server's own bots")
        claimed = self.redis.hsetnx(self.names_key, folded(name), player_id)
        if not claimed:
            owner = self.redis.hget(self.names_key, folded(name))
            if owner is None or owner.decode() != player_id:
                raise NameTaken(f"the name {name!r} is taken (names are unique ignoring case)")

    # ---- who is asking -----------------------------------------------------------------

    def authenticate(self, key: str | None) -> str:
        """The id of the player whose key this is: 401 without one or for an unknown one."""
        if key is None:
            raise TokenRequired("this request needs a player's key: Authorization: Bearer <key>")
        found = self.redis.get(self._secret_key(hash_token(key)))
        if found is None or found.decode().startswith(ROTATED):
            raise InvalidToken("this key is not a player's (unknown, or rotated)")
        return str(found.decode())

    def acting_as(self, key: str | None, player_id: str) -> str:
        """Authenticate `key` as the player `player_id` (403 for another player's key)."""
        self.require(player_id)
        if self.authenticate(key) != player_id:
            raise NotYourPlayer("this key acts for another player")
        return player_id

    # ---- reading -------------------------------------------------------------------------

    def require(self, player_id: str) -> dict[str, str]:
        """The player's stored fields (NotFound: 404)."""
        raw = self.redis.hgetall(self.key_for(player_id))
        if not raw:
            raise NotFound("player", player_id)
        return {k.decode(): v.decode() for k, v in raw.items()}

    def ratings(self, fields: dict[str, str], game: str) -> Rating:
        return rating_of(fields, game)

    def profile(self, player_id: str) -> dict[str, Any]:
        """What anyone may see of a player: never its key."""
        fields = self.require(player_id)
        return {
            "id": player_id,
            "name": fields["name"],
            "kind": fields["kind"],
            "created_at": iso_utc(float(fields.get("created_at", 0))),
            "ratings": {game: rating_of(fields, game).as_dict() for game in GAMES},
        }

    def names(self, player_ids: list[str]) -> dict[str, dict[str, str]]:
        """The name and kind of each player (one round trip)."""
        pipe = self.redis.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.hmget(self.key_for(player_id), "name", "kind")
        found = {}
        for player_id, (name, kind) in zip(player_ids, pipe.execute(), strict=True):
            if name is not None:
                found[player_id] = {"name": name.decode(), "kind": (kind or b"").decode()}
        return found

    def history(
        self, player_id: str, cursor: str | None, limit: int | None
    ) -> tuple[list[dict[str, Any]], str | None]:
        """A page of the player's rated games, newest first, and the next page's cursor."""
        self.require(player_id)
        start = _cursor(cursor)
        size = min(limit or HISTORY_PAGE, HISTORY_PAGE_MAX)
        raw = self.redis.lrange(self.history_key(player_id), start, start + size)
        games = [json.loads(item) for item in raw[:size]]
        return games, str(start + size) if len(raw) > size else None

    # ---- changing ------------------------------------------------------------------------

    def rename(self, player_id: str, name: object) -> dict[str, Any]:
        """A new name (the old one is freed); 409 `name_taken` when another holds it."""
        new = check_player_name(name)
        old = self.require(player_id)["name"]
        if folded(new) != folded(old):
            self._claim_name(new, player_id)
        self.redis.hset(self.key_for(player_id), "name", new)
        # The old name is freed only if still ours (another's claim must stay).
        ours = self.redis.hget(self.names_key, folded(old)) == player_id.encode()
        if folded(new) != folded(old) and ours:
            self.redis.hdel(self.names_key, folded(old))
        return self.profile(player_id)

    def rotate(self, player_id: str, old_key: str, idem: Idempotency | None) -> dict[str, Any]:
        """A new key for the player; the old one stops working at once."""
        if idem is not None:
            replay = idem.recall(self.records, player_id, "key")
            if replay is not None:
                return dict(replay)
        key = new_key()
        answer = {"id": player_id, "key": key}
        # Three slots on a Cluster: not one transaction. The new key works first, the old
        # one stops last.
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(self._secret_key(hash_token(key)), player_id)
        pipe.hset(self.key_for(player_id), "key_sha256", hash_token(key))
        pipe.set(
            self._secret_key(hash_token(old_key)),
            ROTATED + player_id,
            ex=self.idempotency_ttl,
        )
        pipe.execute()
        if idem is not None:
            record = idem.record(self.records, player_id, "key", answer)
            pipe = self.redis.pipeline(transaction=False)
            pipe.lpush(record.key, record.value)
            pipe.ltrim(record.key, 0, record.keep - 1)
            pipe.expire(record.key, record.ttl_seconds)
            pipe.execute()
        return answer

    def rotated_from(self, key: str | None) -> str | None:
        """The player whose key `key` was before a rotation (for that rotation's replay)."""
        if key is None:
            return None
        found = self.redis.get(self._secret_key(hash_token(key)))
        if found is None or not found.decode().startswith(ROTATED):
            return None
        return str(found.decode()[len(ROTATED) :])


def _cursor(cursor: str | None) -> int:
    if cursor is None:
        return 0
    if not cursor.isdigit() or len(cursor) > 9:
        raise InvalidPlayer("the cursor is the `next` of the page before")
    return int(cursor)


Clock = Callable[[], float]
