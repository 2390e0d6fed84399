"""Learn of a Sentinel failover at once: each process listens to its Sentinels' `+switch-master`
announcements and, when its master changes, drops its connections to the old one, so that
the next command asks the Sentinels for the new master. Without it, pooled connections keep
writing to the old master until the Sentinels demote it (about 10 s after a forced
failover), and every such write is lost (or, with CARDTABLE_REDIS_WAIT_REPLICAS, refused as
`outcome_unknown`).

One daemon thread per process (a greenlet under gevent), reading one Sentinel at a time and
moving to the next when it fails.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

log = logging.getLogger("cardtable.store")

CHANNEL = "+switch-master"
RETRY_SECONDS = 1.0


def follow_switches(sentinel: Any, service: str, client: Any) -> threading.Thread:
    """Start the listener of `sentinel` (a redis.sentinel.Sentinel) for `service`, whose
    master connections are `client`'s pool."""
    thread = threading.Thread(
        target=_listen, args=(sentinel, service, client), name="cardtable-switches", daemon=True
    )
    thread.start()
    return thread


def _listen(sentinel: Any, service: str, client: Any) -> None:
    index = 0
    while True:
        node = sentinel.sentinels[index % len(sentinel.sentinels)]
        index += 1
        try:
            pubsub = node.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(CHANNEL)
            while True:
                message = pubsub.get_message(timeout=RETRY_SECONDS)
                if message and _names(message, service):
                    log.warning("Sentinel switched %s to a new master: reconnecting", service)
                    # In-use ones too: a write cut short is resent, to the new master.
                    client.connection_pool.disconnect(inuse_connections=True)
        except Exception as error:  # this Sentinel is away: try the next
            log.info("Sentinel pub/sub lost (%s); trying the next", type(error).__name__)
            time.sleep(RETRY_SECONDS)


def _names(message: dict[str, Any], service: str) -> bool:
    """Whether a `+switch-master` message ("<name> <old ip> <old port> <new ip> <new
    port>") is about `service`."""
    data = message.get("data")
    text = data.decode() if isinstance(data, bytes) else str(data)
    return text.split(" ", 1)[0] == service
