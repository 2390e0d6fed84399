"""Follow a Sentinel-managed master: learn of a failover at once, and know how many replicas
a write must reach.

Each process listens to its Sentinels' announcements. On `+switch-master` for its service it
drops its connections to the old master, so that the next command asks the Sentinels for
the new one. Without it, pooled connections keep writing to the old master until the
Sentinels demote it (about 10 s after a forced failover), and every such write is lost (or,
with WAIT, refused as `outcome_unknown`).

With CARDTABLE_REDIS_WAIT_REPLICAS=auto (the default), `KnownReplicas` holds the number of
replicas Sentinel reports up for the service; every write waits (WAIT) until that many have
it, so nothing acknowledged is lost when Sentinel promotes any of them. It is read at start,
again on every announcement about the service's instances (a switch, a replica added, one
down or back), and every `REFRESH_SECONDS` in any case.

One daemon thread per process (a greenlet under gevent), reading one Sentinel at a time and
moving to the next when it fails.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import redis

log = logging.getLogger("cardtable.store")

SWITCH = "+switch-master"
CHANNELS = (
    SWITCH,
    "+slave",  # a replica discovered
    "+sdown",  # an instance down (a replica: one fewer to wait for)
    "-sdown",  # and back
    "+odown",
    "-odown",
    "+convert-to-slave",  # an old master demoted: a replica again
    "+slave-reconf-done",  # a replica now follows the new master
)
"""Sentinel's announcements after which the replica count is read again."""
RETRY_SECONDS = 1.0
REFRESH_SECONDS = 5.0
"""The replica count is read at least this often (announcements can be missed while the
listener moves from a Sentinel that went away to the next)."""


class KnownReplicas:
    """The replicas a write waits for under CARDTABLE_REDIS_WAIT_REPLICAS=auto: every
    replica of the service that a Sentinel does not report down (`s_down`, `o_down`). One that
    is down is not waited for: Sentinel never promotes it, and it copies what it lacks when it
    is back. One only `disconnected` is counted: right after a switch, Sentinel lists every
    replica of the new master so until it has connected to them, while some writes may still
    reach the old master (from a Sentinel not yet told): they must still wait for all.
    Call it for the current count."""

    def __init__(self, sentinel: Any, service: str):
        self.sentinel = sentinel
        self.service = service
        self.count = 0
        self.known = False
        """False until a Sentinel has answered (writes then wait for none: logged)."""

    def __call__(self) -> int:
        return self.count

    def refresh(self) -> int | None:
        """Ask every Sentinel; the largest count among those that answer (None: none did,
        the count is kept). The largest, because Sentinels learn of a replica (from the
        master's INFO, every 10 s) and call it down each on its own: a write waits for every
        replica any of them reports up."""
        counts = []
        for node in self.sentinel.sentinels:
            try:
                replicas = node.sentinel_slaves(self.service)
            except (redis.ConnectionError, redis.TimeoutError, redis.ResponseError):
                continue
            counts.append(sum(1 for r in replicas if not (r["is_sdown"] or r["is_odown"])))
        if not counts:
            return None
        count = max(counts)
        if count != self.count or not self.known:
            self._log_change(count)
        self.count, self.known = count, True
        return count

    def _log_change(self, count: int) -> None:
        if count:
            log.info(
                "writes are acknowledged once all %d replica(s) Sentinel reports up for %s "
                "have them (CARDTABLE_REDIS_WAIT_REPLICAS=auto: WAIT %d)",
                count, self.service, count,
            )  # fmt: skip
        else:
            log.warning(
                "Sentinel reports no replica up for %s: writes are acknowledged by the master "
                "alone and may be lost in a failover (CARDTABLE_REDIS_WAIT_REPLICAS=auto)",
                self.service,
            )


def follow_switches(
    sentinel: Any, service: str, client: Any, replicas: KnownReplicas | None = None
) -> threading.Thread:
    """Start the listener of `sentinel` (a redis.sentinel.Sentinel) for `service`, whose
    master connections are `client`'s pool; it keeps `replicas` (if any) up to date."""
    thread = threading.Thread(
        target=_listen,
        args=(sentinel, service, client, replicas),
        name="cardtable-switches",
        daemon=True,
    )
    thread.start()
    return thread


def _listen(sentinel: Any, service: str, client: Any, replicas: KnownReplicas | None) -> None:
    index = 0
    while True:
        node = sentinel.sentinels[index % len(sentinel.sentinels)]
        index += 1
        try:
            pubsub = node.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(*(CHANNELS if replicas else (SWITCH,)))
            refreshed = time.monotonic()
            while True:
                message = pubsub.get_message(timeout=RETRY_SECONDS)
                if message and _names(message, service):
                    if _channel(message) == SWITCH:
                        log.warning("Sentinel switched %s to a new master: reconnecting", service)
                        # In-use ones too: a write cut short is resent, to the new master.
                        client.connection_pool.disconnect(inuse_connections=True)
                    if replicas:
                        replicas.refresh()
                        refreshed = time.monotonic()
                elif replicas and time.monotonic() - refreshed >= REFRESH_SECONDS:
                    replicas.refresh()
                    refreshed = time.monotonic()
        except Exception as error:  # this Sentinel is away: try the next
            log.info("Sentinel pub/sub lost (%s); trying the next", type(error).__name__)
            time.sleep(RETRY_SECONDS)


def _channel(message: dict[str, Any]) -> str:
    channel = message.get("channel")
    return channel.decode() if isinstance(channel, bytes) else str(channel)


def _names(message: dict[str, Any], service: str) -> bool:
    """Whether an announcement is about `service`: a `+switch-master` ("<name> <old ip>
    <old port> <new ip> <new port>"), or one about an instance ("<type> <name> <ip> <port>",
    followed by "@ <master name> <ip> <port>" for a replica or a Sentinel)."""
    data = message.get("data")
    words = (data.decode() if isinstance(data, bytes) else str(data)).split()
    if _channel(message) == SWITCH:
        return words[:1] == [service]
    if "@" in words:
        return words[words.index("@") + 1 : words.index("@") + 2] == [service]
    return words[1:2] == [service]
