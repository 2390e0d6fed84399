"""A repository of versioned JSON documents in Redis, written only by compare-and-set.

Games and score sheets are both stored this way. Each document is one key,
`<prefix>:<kind>:{<id>}` (the braces are a Redis Cluster hash tag, so the companion log key
lands in the same slot). The key is a hash with `version` (readable alone, for cheap
polling), `doc` (the encoded document) and any small extra fields; `<key>:log` holds bytes
that a compare-and-set appends to (APPEND) in the same script, and that only readers of the
whole history (a record, an event feed) read. The store does not interpret the log.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import redis.exceptions

from cardtable.store import compression as codec
from cardtable.store import riders
from cardtable.store.connection import RedisClient, sending_once
from cardtable.store.errors import StoreRefused, classified
from cardtable.store.scripts import lua

RESEND_PAUSE_SECONDS = 0.05
"""Pause before the first resend of a write whose reply was lost (doubled for the next)."""

WRITES_KEPT = 8
"""The request ids a document's `writes` ring keeps (see lua/ring.lua)."""

# The scripts, KEYS and ARGV documented at the top of each file; the write scripts open
# with the helpers they share (lua/after_write.lua: the change notification and the
# idempotency record), the compare-and-set with the request-id ring's too.
CREATE = lua("after_write", "create")
COMPARE_AND_SET = f"local WRITES_KEPT = {WRITES_KEPT}\n" + lua(
    "ring", "after_write", "compare_and_set"
)
READ_LOG = lua("read_log")
LOAD_WITH_LOG = lua("load_with_log")


class StoreError(Exception):
    """Base of the store's own errors."""


class DocumentError(Exception):
    """What the store's errors about one document share: its kind and id (beside
    StoreError, whose subclasses are the errors with a code of their own)."""

    def __init__(self, kind: str, doc_id: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.doc_id = doc_id


class NotFound(DocumentError, StoreError):
    def __init__(self, kind: str, doc_id: str):
        super().__init__(kind, doc_id, f"no {kind} {doc_id!r} (unknown or expired)")


class VersionConflict(DocumentError, StoreError):
    def __init__(self, kind: str, doc_id: str, expected: int, current: int):
        message = (
            f"{kind} {doc_id!r} is at version {current}, not {expected}: someone changed it first"
        )
        super().__init__(kind, doc_id, message)
        self.expected = expected
        self.current = current


class DocumentTooNew(DocumentError, StoreError):
    """Written by a newer release (a rolling update under way): refused, never misread."""

    def __init__(self, kind: str, doc_id: str, found: int, supported: int):
        message = (
            f"{kind} {doc_id!r} was stored by a newer release of the service (schema "
            f"{found}; this one reads up to {supported}); retry shortly"
        )
        super().__init__(kind, doc_id, message)
        self.found = found
        self.supported = supported


def new_request_id() -> str:
    """The id a write carries into the script (16 characters, none of them `:` or `;`)."""
    return secrets.token_urlsafe(12)


@dataclass(frozen=True)
class Record:
    """An idempotency record written by the same script as the change: pushed onto the
    list `key` (from `DocumentStore.record_key_for`), which keeps its `keep` newest entries
    and expires `ttl_seconds` after its last push, whatever the document's expiry."""

    key: str
    value: bytes
    ttl_seconds: int
    keep: int = 1


class DuplicateId(StoreError):
    """A freshly drawn id already exists (astronomically unlikely with random ids)."""


@dataclass
class Stored:
    doc_id: str
    version: int
    document: dict[str, Any]
    fields: dict[str, bytes | None] = field(default_factory=dict)
    """The extra fields `load` was asked for, as stored (None where absent)."""


class DocumentStore:
    """One kind of document ("game", "sheet") under one key prefix, each document optionally
    with an append-only log beside it (games: the snapshot is the document, the moves are
    the log)."""

    def __init__(
        self,
        redis: RedisClient,
        kind: str,
        *,
        prefix: str = "cardtable",
        ttl_seconds: int = 7 * 24 * 3600,
        finished_ttl_seconds: int = 24 * 3600,
        write_resends: int = 2,
        wait_replicas: int | Callable[[], int] = 0,
        wait_timeout_ms: int = 500,
    ):
        self.redis = redis
        self.kind = kind
        self.prefix = prefix
        self.ttl_seconds = ttl_seconds
        self.finished_ttl_seconds = finished_ttl_seconds
        self.write_resends = write_resends
        """How often a write whose reply was lost is sent again (with its request id, so
        that the script recognises it if it was applied); 0: never (outcome_unknown)."""
        self._wait_replicas = wait_replicas
        """With 1 or more (or a function giving the current number: replicas Sentinel
        reports), a write is acknowledged only once that many replicas have it (WAIT, up
        to `wait_timeout_ms`); else its outcome is unknown: a failover may lose a write
        that only the master had."""
        self.wait_timeout_ms = wait_timeout_ms
        self._create = redis.register_script(CREATE)
        self._compare_and_set = redis.register_script(COMPARE_AND_SET)
        self._read_log = redis.register_script(READ_LOG)
        self._load_with_log = redis.register_script(LOAD_WITH_LOG)

    @property
    def wait_replicas(self) -> int:
        wait = self._wait_replicas
        return wait() if callable(wait) else wait

    def key_for(self, doc_id: str) -> str:
        return f"{self.prefix}:{self.kind}:{{{doc_id}}}"

    def log_key_for(self, doc_id: str) -> str:
        """The document's log: a string in the same Redis Cluster slot (same hash tag)."""
        return f"{self.key_for(doc_id)}:log"

    def record_key_for(self, doc_id: str, name: str) -> str:
        """A list of idempotency records of the document, in its Redis Cluster slot."""
        return f"{self.key_for(doc_id)}:rec:{name}"

    def records(self, key: str, ttl_seconds: int) -> list[bytes]:
        """The records of the list `key`, newest first. With `wait_replicas`, only once
        that many replicas have them (their expiry renewed, a write WAIT can count), else
        outcome unknown: a replay must not acknowledge a write only this master holds."""
        wait = self.wait_replicas
        if not wait:
            return list(self.redis.lrange(key, 0, -1))
        with classified():
            pipe = self.redis.pipeline(transaction=False)
            pipe.lrange(key, 0, -1)
            pipe.expire(key, ttl_seconds)
            pipe.execute_command("WAIT", wait, self.wait_timeout_ms)
            entries, _, acked = pipe.execute()
        if entries and int(acked) < wait:
            raise StoreRefused("outcome_unknown", "WAIT")
        return list(entries)

    def _keys(self, doc_id: str) -> list[str]:
        return [self.key_for(doc_id), self.log_key_for(doc_id)]

    def _write_keys(self, doc_id: str, record: Record | None) -> list[str]:
        return [*self._keys(doc_id), record.key if record else self.record_key_for(doc_id, "-")]

    def _send(self, script: Any, keys: list[str], args: list[Any]) -> tuple[Any, bool]:
        """Run a write script: sent once per attempt (never resent by redis-py); after a
        lost reply, sent again with the same request id, which the script recognises if the
        first one was applied. Returns the reply and whether an earlier send may have
        reached Redis (the caller then cannot take a conflict as proof that nothing was
        written). Raises StoreRefused: its own code while nothing was sent,
        `outcome_unknown` once something was and no attempt answered."""
        sent = False
        refused: StoreRefused | None = None
        for attempt in range(self.write_resends + 1):
            if attempt:
                time.sleep(RESEND_PAUSE_SECONDS * 2 ** (attempt - 1))
            try:
                with sending_once(), classified(write=True):
                    return self._run(script, keys, args), sent
            except StoreRefused as error:
                sent = sent or error.code == "outcome_unknown"
                if not sent:
                    raise  # nothing reached Redis: this refusal is the true answer
                refused = error
        assert refused is not None
        raise StoreRefused("outcome_unknown", refused.cause) from refused

    def _run(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """One send of a write script; with `wait_replicas`, in one pipeline (one
        connection: WAIT counts the replicas that have this connection's writes) with
        WAIT, and a write fewer replicas have in time may be lost: its outcome is unknown."""
        wait = self.wait_replicas
        if not wait:
            return script(keys=keys, args=args)
        for _ in range(2):  # the second after loading the script
            pipe = self.redis.pipeline(transaction=False)
            pipe.evalsha(script.sha, len(keys), *keys, *args)
            pipe.execute_command("WAIT", wait, self.wait_timeout_ms)
            reply, acked = pipe.execute(raise_on_error=False)
            if isinstance(reply, redis.exceptions.NoScriptError):
                self.redis.script_load(script.script)
                continue
            for answer in (reply, acked):
                if isinstance(answer, Exception):
                    raise answer
            if int(acked) < wait:
                raise StoreRefused("outcome_unknown", "WAIT")
            return reply
        raise StoreRefused("outcome_unknown", "NOSCRIPT")

    def ttl_for(self, finished: bool) -> int:
        return self.finished_ttl_seconds if finished else self.ttl_seconds

    def create(
        self,
        doc_id: str,
        version: int,
        document: dict[str, Any],
        *,
        finished: bool = False,
        extra_fields: Mapping[str, str | bytes] | None = None,
        ttl_seconds: int | None = None,
        log: bytes = b"",
        record: Record | None = None,
    ) -> None:
        """Store a new document and its first log entries; `extra_fields` are small values
        kept beside it, readable without the document by `read_fields` (and updated by
        `save` when it names them; empty ones are not stored). `ttl_seconds` overrides the
        kind's expiry (e.g. for games waiting for players); `record` is written with it."""
        pairs = _field_pairs(extra_fields)
        created, resent = self._send(
            self._create,
            self._write_keys(doc_id, record),
            [
                version,
                codec.encode(document),
                ttl_seconds or self.ttl_for(finished),
                log,
                new_request_id(),
                *_record_args(record),
                *pairs,
            ],
        )
        if not created:
            if resent:  # ours, with its entry pushed out of the ring already, or another's
                raise StoreRefused("outcome_unknown", "DuplicateId")
            raise DuplicateId(f"{self.kind} {doc_id!r} already exists")

    def load(
        self, doc_id: str, fields: Sequence[str] = (), *, rider: riders.Rider | None = None
    ) -> Stored:
        """The document (never its log) and the named extra fields, in one HMGET; `rider`
        goes in the same round trip, judged first (see `riders`)."""
        names = ["version", "doc", *fields]
        version, blob, *values = self._hmget(self.key_for(doc_id), names, rider)
        return self._stored(doc_id, version, blob, dict(zip(fields, values, strict=True)))

    def _hmget(self, key: str, names: list[str], rider: riders.Rider | None) -> list[Any]:
        """HMGET, in one round trip with the rider's commands if a rider is given (and not
        sent yet), judged first: the rider may refuse the request, and the read is then
        dropped. If that round trip fails, the read is tried alone (on a Cluster, the
        rider's keys may live on a node that is down)."""
        rider = riders.take(rider)
        if rider is None:
            return list(self.redis.hmget(key, names))
        batch = riders.Batch()
        rider.queue(batch)
        batch.execute_command("HMGET", key, *names)
        try:
            *replies, read = batch.send(self.redis)
        except Exception as error:  # the rider decides; the read is retried
            rider.failed(error)
            return list(self.redis.hmget(key, names))
        rider.settle(replies)
        if isinstance(read, Exception):
            raise read
        return list(read)

    def current_version(self, doc_id: str) -> int:
        """Only the version, for cheap polling (If-None-Match)."""
        version = self.redis.hget(self.key_for(doc_id), "version")
        if version is None:
            raise NotFound(self.kind, doc_id)
        return int(version)

    def read_fields(self, doc_id: str, *names: str) -> tuple[int, list[str | None]]:
        """The version and the named extra fields (text), without reading the document."""
        version, values = self.read_raw_fields(doc_id, *names)
        return version, [v.decode() if v is not None else None for v in values]

    def read_raw_fields(
        self, doc_id: str, *names: str, rider: riders.Rider | None = None
    ) -> tuple[int, list[bytes | None]]:
        """The version and the named extra fields as stored, without reading the document;
        `rider` goes in the same round trip, as with `load`."""
        values = self._hmget(self.key_for(doc_id), ["version", *names], rider)
        if values[0] is None:
            raise NotFound(self.kind, doc_id)
        return int(values[0]), values[1:]

    def read_log(self, doc_id: str) -> tuple[int, bytes]:
        """The document's version and its whole log, read together (one script: they
        always agree)."""
        answer = self._read_log(keys=self._keys(doc_id))
        if answer[0] == -1:
            raise NotFound(self.kind, doc_id)
        return int(answer[0]), answer[1] or b""

    def load_with_log(self, doc_id: str, fields: Sequence[str] = ()) -> tuple[Stored, bytes]:
        """As `load`, with the whole log as it was at that same moment (one script)."""
        names = ["version", "doc", *fields]
        (version, blob, *values), log = self._load_with_log(keys=self._keys(doc_id), args=names)
        stored = self._stored(doc_id, version, blob, dict(zip(fields, values, strict=True)))
        return stored, log or b""

    def _stored(
        self, doc_id: str, version: Any, blob: Any, fields: dict[str, bytes | None]
    ) -> Stored:
        """The document as read (its version and blob None: NotFound)."""
        if version is None or blob is None:
            raise NotFound(self.kind, doc_id)
        return Stored(doc_id, int(version), codec.decode(blob), fields)

    def save(
        self,
        doc_id: str,
        expected_version: int,
        new_version: int,
        document: dict[str, Any],
        *,
        finished: bool = False,
        extra_fields: Mapping[str, str | bytes] | None = None,
        ttl_seconds: int | None = None,
        append: bytes = b"",
        replace_log: bool = False,
        record: Record | None = None,
    ) -> None:
        """Write the new document (and the given extra fields: an empty one is deleted, those
        not named stay as they are), and append `append` to its log (or, with
        `replace_log`, make it the whole log), only if the stored version is still
        `expected_version`: all of it or nothing, in one script. A finished document's log
        is stored at its exact size; `record` is written with it.

        A write whose reply is lost is sent again (see `_send`): VersionConflict and
        NotFound are raised only when the write surely did not happen, else StoreRefused
        `outcome_unknown`."""
        pairs = _field_pairs(extra_fields)
        (status, current, *proven), resent = self._send(
            self._compare_and_set,
            self._write_keys(doc_id, record),
            [
                expected_version,
                new_version,
                codec.encode(document),
                ttl_seconds or self.ttl_for(finished),
                append,
                "replace" if replace_log else "final" if finished else "append",
                new_request_id(),
                *_record_args(record),
                *pairs,
            ],
        )
        if resent and (status == -1 or (status == 0 and not proven[0])):
            raise StoreRefused("outcome_unknown", "VersionConflict")
        if status == -1:
            raise NotFound(self.kind, doc_id)
        if status == 0:
            raise VersionConflict(self.kind, doc_id, expected_version, int(current))

    def stored_bytes(self, doc_id: str) -> int:
        """Redis's own count of the memory of the document and its log (sizing figures)."""
        return sum(self.key_bytes(doc_id))

    def key_bytes(self, doc_id: str) -> tuple[int, int]:
        """MEMORY USAGE of the hash and of the log, every field counted (`SAMPLES 0`: by
        default Redis adds up 5 fields of a hash and scales, so a hash of one large field
        and several small ones is over- or undercounted by which 5 it meets first)."""
        hash_key, log_key = self._keys(doc_id)
        return (
            int(self.redis.memory_usage(hash_key, samples=0) or 0),
            int(self.redis.memory_usage(log_key, samples=0) or 0),
        )

    def ttl(self, doc_id: str) -> int:
        return int(self.redis.ttl(self.key_for(doc_id)))


def _record_args(record: Record | None) -> list[bytes | int]:
    return [record.value, record.ttl_seconds, record.keep] if record else [b"", 0, 0]


def _field_pairs(extra_fields: Mapping[str, str | bytes] | None) -> list[str | bytes]:
    """name, value, name, value… for the Lua scripts; the store's own fields are off limits."""
    fields = dict(extra_fields or {})
    reserved = {"version", "doc", "writes"} & set(fields)
    if reserved:
        raise ValueError(f"reserved field names: {sorted(reserved)}")
    return [item for pair in fields.items() for item in pair]
