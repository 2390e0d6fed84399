"""Writes whose reply is lost, against a real redis-server behind a proxy that loses replies:
the store sends each write once per attempt, resends it with its request id, and the
script recognises a write it already applied; what cannot be known is `outcome_unknown`."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest
import redis

from cardtable.server.redis_server import RedisServer
from cardtable.store import DocumentStore, DuplicateId, VersionConflict
from cardtable.store.documents import COMPARE_AND_SET, CREATE, WRITES_KEPT, Record
from cardtable.store.errors import StoreRefused
from tests.support.lossy_proxy import LossyProxy

SCRIPTS = [hashlib.sha1(s.encode()).hexdigest().encode() for s in (CREATE, COMPARE_AND_SET)]


@pytest.fixture
def lossy(redis_server: RedisServer) -> Iterator[LossyProxy]:
    """Every reply of a write script is lost until `enabled` is cleared."""
    with LossyProxy(redis_server.port, SCRIPTS, drop_rate=1.0) as proxy:
        yield proxy


def _stores(redis_server: RedisServer, proxy: LossyProxy, **options: int) -> tuple[
    DocumentStore, DocumentStore
]:  # fmt: skip
    """The store through the proxy, and one straight to Redis (to see what is stored)."""
    through = redis.Redis.from_url(proxy.url, socket_timeout=2)
    direct = redis.Redis.from_url(redis_server.url)
    # Load the scripts first, so that the lost reply is the one of the write itself.
    for script in (CREATE, COMPARE_AND_SET):
        direct.script_load(script)
    return (
        DocumentStore(through, "game", prefix="lossy", **options),
        DocumentStore(direct, "game", prefix="lossy"),
    )


class Flaky:
    """Loses the replies of the first `losses` sends only."""

    def __init__(self, proxy: LossyProxy, losses: int):
        self.proxy, self.left = proxy, losses
        proxy.rng.random = self._next  # type: ignore[method-assign]

    def _next(self) -> float:
        self.left -= 1
        return 0.0 if self.left >= 0 else 1.0


def test_a_save_whose_reply_is_lost_is_recognised_by_its_resend(
    redis_server: RedisServer, lossy: LossyProxy
) -> None:
    store, direct = _stores(redis_server, lossy)
    lossy.enabled.clear()
    store.create("g", 0, {"v": 0}, log=b"a")
    lossy.enabled.set()
    Flaky(lossy, 1)
    store.save("g", 0, 1, {"v": 1}, append=b"b")  # no error: the resend was recognised
    assert lossy.dropped == 1
    stored = direct.load("g")
    assert (stored.version, stored.document) == (1, {"v": 1})
    assert direct.read_log("g") == (1, b"ab")  # appended once


def test_a_create_whose_reply_is_lost_is_recognised_by_its_resend(
    redis_server: RedisServer, lossy: LossyProxy
) -> None:
    store, direct = _stores(redis_server, lossy)
    Flaky(lossy, 2)
    store.create("c", 0, {"v": 0})  # two lost replies, then the second resend is answered
    assert lossy.dropped == 2
    assert direct.load("c").document == {"v": 0}
    with pytest.raises(DuplicateId):  # a create that was never sent before: the true answer
        store.create("c", 0, {"v": 0})


def test_every_reply_lost_is_outcome_unknown_and_the_write_stands(
    redis_server: RedisServer, lossy: LossyProxy
) -> None:
    store, direct = _stores(redis_server, lossy, write_resends=2)
    lossy.enabled.clear()
    store.create("u", 0, {"v": 0})
    lossy.enabled.set()
    with pytest.raises(StoreRefused) as refused:
        store.save("u", 0, 1, {"v": 1})
    assert refused.value.code == "outcome_unknown"
    assert lossy.dropped == 3  # the first send and two resends, all applied once
    assert direct.load("u").version == 1


def test_a_conflict_after_a_lost_reply_is_told_only_when_proven(
    redis_server: RedisServer, lossy: LossyProxy
) -> None:
    """Another writer got in first; our send's reply (a conflict) is lost, and the resend
    finds in the ring a write from the same version that is not ours: certain."""
    store, direct = _stores(redis_server, lossy)
    lossy.enabled.clear()
    store.create("p", 0, {"v": 0})
    direct.save("p", 0, 1, {"v": "other"})
    lossy.enabled.set()
    Flaky(lossy, 1)
    with pytest.raises(VersionConflict):
        store.save("p", 0, 1, {"v": "mine"})
    assert lossy.dropped == 1
    assert direct.load("p").document == {"v": "other"}


def test_a_conflict_the_ring_cannot_prove_is_outcome_unknown(
    redis_server: RedisServer, lossy: LossyProxy
) -> None:
    """Our write never ran (its reply is lost only after a conflict), and more writes than
    the ring keeps landed since the version we read: nothing proves it did not happen."""
    store, direct = _stores(redis_server, lossy)
    lossy.enabled.clear()
    store.create("r", 0, {"v": 0})
    for version in range(WRITES_KEPT + 1):
        direct.save("r", version, version + 1, {"v": version + 1})
    lossy.enabled.set()
    Flaky(lossy, 1)
    with pytest.raises(StoreRefused) as refused:
        store.save("r", 0, 1, {"v": "late"})
    assert refused.value.code == "outcome_unknown"
    with pytest.raises(VersionConflict):  # sent once and answered: a plain conflict
        lossy.enabled.clear()
        store.save("r", 0, 1, {"v": "late"})


def test_redis_py_never_resends_a_write_by_itself(redis_server: RedisServer) -> None:
    """With the resends of the store off, one lost reply is one applied write and an
    `outcome_unknown`: redis-py's own retry (kept for reads) did not send it again."""
    with LossyProxy(redis_server.port, SCRIPTS, drop_rate=1.0) as proxy:
        from cardtable.config import Settings
        from cardtable.store import connect

        client = connect(Settings(redis_url=proxy.url))
        store = DocumentStore(client, "game", prefix="once", write_resends=0)
        redis.Redis.from_url(redis_server.url).script_load(COMPARE_AND_SET)
        proxy.enabled.clear()
        store.create("o", 0, {"v": 0}, log=b"x")
        proxy.enabled.set()
        with pytest.raises(StoreRefused) as refused:
            store.save("o", 0, 1, {"v": 1}, append=b"y")
        assert refused.value.code == "outcome_unknown"
        assert proxy.dropped == 1
        proxy.enabled.clear()
        assert store.read_log("o") == (1, b"xy")  # a read after it is retried as before


def test_a_record_is_written_with_the_change_and_expires_on_its_own(
    redis_client: redis.Redis,
) -> None:
    store = DocumentStore(redis_client, "game", prefix="rec", ttl_seconds=600)
    key = store.record_key_for("g", "seat0")
    store.create("g", 0, {"v": 0}, record=Record(key, b"created", 30, keep=2))
    assert store.records(key, 30) == [b"created"]
    assert 0 < redis_client.ttl(key) <= 30
    for version in range(3):
        record = Record(key, f"moved{version}".encode(), 20, keep=2)
        store.save("g", version, version + 1, {"v": version + 1}, record=record)
    assert store.records(key, 30) == [b"moved2", b"moved1"]  # the newest `keep`
    assert 0 < redis_client.ttl(key) <= 20
    with pytest.raises(VersionConflict):
        store.save("g", 0, 1, {"v": 1}, record=Record(store.record_key_for("g", "x"), b"no", 9))
    assert store.records(store.record_key_for("g", "x"), 30) == []
