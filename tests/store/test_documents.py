"""The Redis document store against a real redis-server: create, load, compare-and-set,
expiry, key layout and the codec."""

from __future__ import annotations

import threading
import time
import zlib
from functools import partial

import orjson
import pytest
import redis

from cardtable.store import DocumentStore, DuplicateId, NotFound, VersionConflict
from cardtable.store import compression as codec
from cardtable_engine.registry import GAMES
from tests.support.threads import run_at_once


@pytest.fixture
def store(redis_client: redis.Redis) -> DocumentStore:
    return DocumentStore(
        redis_client, "game", prefix="test", ttl_seconds=600, finished_ttl_seconds=60
    )


def test_key_uses_a_cluster_hash_tag(store: DocumentStore) -> None:
    assert store.key_for("abc") == "test:game:{abc}"


def test_create_then_load_round_trips(store: DocumentStore) -> None:
    doc = {"hello": "wörld", "n": [1, 2, 3], "nested": {"a": None}}
    store.create("g1", 0, doc)
    loaded = store.load("g1")
    assert (loaded.doc_id, loaded.version, loaded.document) == ("g1", 0, doc)
    assert store.current_version("g1") == 0


def test_create_refuses_an_existing_id_and_keeps_the_first(store: DocumentStore) -> None:
    store.create("g1", 0, {"first": True})
    with pytest.raises(DuplicateId):
        store.create("g1", 5, {"first": False})
    assert store.load("g1").document == {"first": True}
    assert store.load("g1").version == 0


def test_missing_document_is_not_found(store: DocumentStore) -> None:
    with pytest.raises(NotFound):
        store.load("nope")
    with pytest.raises(NotFound):
        store.current_version("nope")
    with pytest.raises(NotFound):
        store.save("nope", 0, 1, {})


def test_save_applies_only_on_the_expected_version(store: DocumentStore) -> None:
    store.create("g1", 0, {"v": 0})
    store.save("g1", 0, 1, {"v": 1})
    with pytest.raises(VersionConflict) as conflict:
        store.save("g1", 0, 1, {"v": "lost"})
    assert conflict.value.current == 1
    loaded = store.load("g1")
    assert (loaded.version, loaded.document) == (1, {"v": 1})


def test_ttls_idle_then_finished(store: DocumentStore) -> None:
    store.create("g1", 0, {})
    assert 590 <= store.ttl("g1") <= 600
    store.save("g1", 0, 1, {}, finished=True)
    assert 50 <= store.ttl("g1") <= 60


def test_expired_document_is_gone(redis_client: redis.Redis) -> None:
    short = DocumentStore(redis_client, "game", prefix="test", ttl_seconds=1)
    short.create("g1", 0, {})
    redis_client.pexpire(short.key_for("g1"), 1)
    time.sleep(0.02)
    with pytest.raises(NotFound):
        short.load("g1")


def test_concurrent_compare_and_set_has_exactly_one_winner_per_version(
    store: DocumentStore,
) -> None:
    store.create("g1", 0, {"writes": []})
    wins: list[tuple[int, int]] = []
    lock = threading.Lock()

    def writer(ident: int) -> None:
        for _ in range(30):
            current = store.load("g1")
            doc = current.document
            doc["writes"].append(ident)
            try:
                store.save("g1", current.version, current.version + 1, doc)
            except VersionConflict:
                continue
            with lock:
                wins.append((current.version + 1, ident))

    run_at_once(partial(writer, i) for i in range(6))
    final = store.load("g1")
    versions = sorted(version for version, _ in wins)
    assert versions == list(range(1, final.version + 1))  # gapless, no version twice
    assert len(final.document["writes"]) == final.version
    # Each acknowledged write is in the document, in version order.
    assert final.document["writes"] == [ident for _, ident in sorted(wins)]


def test_codec_round_trip_and_rejects_foreign_bytes() -> None:
    doc = {"a": [1, -2, None], "b": "ü"}
    assert codec.decode(codec.encode(doc)) == doc
    with pytest.raises(codec.CorruptDocument):
        codec.decode(b'{"plain": "json"}')
    with pytest.raises(codec.CorruptDocument):
        codec.decode(b"zgarbage")
    with pytest.raises(codec.CorruptDocument):
        codec.decode(b"dgarbage")


def test_codec_reads_the_format_of_the_release_before() -> None:
    doc = {"schema_version": 1, "state": {"game": "skyjo", "log": []}}
    assert codec.decode(b"z" + zlib.compress(orjson.dumps(doc), 6)) == doc
    assert codec.encode(doc)[:1] == b"d"


def test_the_codec_dictionary_makes_a_game_snapshot_smaller() -> None:
    state = GAMES["skyjo"].new_state(["a", "b", "c", "d"], None, 1).snapshot()
    raw = orjson.dumps({"schema_version": 2, "state": state})
    assert len(codec.encode({"schema_version": 2, "state": state})) < len(zlib.compress(raw, 9))


def test_extra_fields_are_written_once_and_read_without_the_document(
    store: DocumentStore,
) -> None:
    store.create("g1", 0, {"big": "x" * 1000}, extra_fields={"token_hashes": "aa,bb"})
    assert store.read_fields("g1", "token_hashes", "missing") == (0, ["aa,bb", None])
    store.save("g1", 0, 1, {"big": "y"})
    assert store.read_fields("g1", "token_hashes") == (1, ["aa,bb"])  # save keeps them
    with pytest.raises(ValueError):
        store.create("g2", 0, {}, extra_fields={"doc": "clobber"})
    with pytest.raises(NotFound):
        store.read_fields("nope", "token_hashes")
