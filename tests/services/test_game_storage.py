"""How the game service stores a game, against a real Redis: a compact snapshot plus an
append-only log of moves in the same hash slot, the log replayed into the record, and
documents of the release before (the whole state with its log in one `doc` field) loaded,
continued and rewritten in the new form."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
import redis

from cardtable.documents.game import write_document
from cardtable.documents.movelog import CONTENT_LOG, CorruptLog, pack, replay, unpack
from cardtable.games.service import DOCUMENT_SCHEMA_VERSION, TOKENS_FIELD, GameService
from cardtable.store import DocumentStore, VersionConflict
from cardtable.store import compression as codec
from cardtable_engine.host import hash_token
from cardtable_engine.registry import GAMES, load_state

STORED: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "engine" / "data" / "stored_before_skeleton.json").read_text()
)


@pytest.fixture
def store(redis_client: redis.Redis) -> DocumentStore:
    return DocumentStore(redis_client, "game", prefix="t")


@pytest.fixture
def service(store: DocumentStore) -> GameService:
    return GameService(store)


def _play(service: GameService, game_id: str, tokens: list[str], moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        state = service.load(game_id).state
        if state.is_over:
            return
        seat = rng.choice(state.active_seats())
        service.move(game_id, tokens[seat], rng.choice(state.legal_moves(seat)))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_log_gets_one_small_entry_per_move_and_the_snapshot_no_log(
    service: GameService, store: DocumentStore, game: str
) -> None:
    created, tokens, _, _ = service.create(game, [{"name": "a"}, {"name": "b"}], seed=3)
    _play(service, created.game_id, tokens, 25, seed=4)
    version, entries = service.read_log(created.game_id)
    assert version == service.load(created.game_id).version == len(entries)
    assert store.read_log(created.game_id)[1] == pack([CONTENT_LOG, *entries])
    stored = store.load(created.game_id).document
    assert stored["schema_version"] == DOCUMENT_SCHEMA_VERSION
    assert "log" not in stored["state"] and stored["state"]["log_length"] > version
    assert service.read_log(created.game_id, version - 2)[1] == entries[-2:]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_replayed_record_is_the_engines_own(service: GameService, game: str) -> None:
    """The same seed and moves played by the engine alone give the same record."""
    created, tokens, _, _ = service.create(game, [{"name": "a"}, {"name": "b"}], seed=5)
    engine = GAMES[game].new_state(["a", "b"], created.state.options, 5)
    rng = random.Random(6)
    while not engine.is_over:
        seat = rng.choice(engine.active_seats())
        move = rng.choice(engine.legal_moves(seat))
        engine.apply(seat, move)
        service.move(created.game_id, tokens[seat], move)
    assert service.record_for(created.game_id, None) == engine.record()
    assert GAMES[game].replay(engine.record()).score() == engine.score()


def test_a_refused_write_appends_nothing(service: GameService, store: DocumentStore) -> None:
    created, _, _, _ = service.create("skyjo", [{"name": "a"}, {"name": "b"}], seed=1)
    stored = store.load(created.game_id)
    with pytest.raises(VersionConflict):
        store.save(created.game_id, stored.version + 1, stored.version + 2, {}, append=b"\7")
    assert store.read_log(created.game_id)[1] == b""
    assert store.load(created.game_id).document == stored.document


def test_a_log_that_does_not_replay_to_its_snapshot_is_an_error(
    service: GameService, store: DocumentStore
) -> None:
    created, tokens, _, _ = service.create("skyjo", [{"name": "a"}, {"name": "b"}], seed=1)
    _play(service, created.game_id, tokens, 6, seed=2)
    snapshot = store.load(created.game_id).document["state"]
    entries = service.read_log(created.game_id)[1]
    assert replay(snapshot, entries).version == len(entries)
    with pytest.raises(CorruptLog):
        replay(snapshot, entries[:-1])
    with pytest.raises(CorruptLog):
        replay(snapshot, [*entries[:-1], 100000])
    with pytest.raises(CorruptLog):
        unpack(pack([5, 300])[:-1])
    assert unpack(pack([0, 127, 128, 300, 70000])) == [0, 127, 128, 300, 70000]


def _write_the_old_way(
    redis_client: redis.Redis,
    store: DocumentStore,
    state: dict[str, Any],
    with_field: bool,
    schema: int = 1,
) -> list[str]:
    """A game document as a release before wrote it: one `doc` field holding the whole
    state with its log, token hashes in the seats (and, later, in a field beside it);
    schema 2 (live tables) adds the table's settings and changes."""
    tokens = [f"token-{seat}" for seat in range(len(state["names"]))]
    live = {"table": {"options": state["options"]}, "table_log": []} if schema == 2 else {}
    document = {
        **live,
        "schema_version": schema,
        "id": "old",
        "game": state["game"],
        "created_at": 1.0,
        "seats": [
            {"seat": seat, "name": name, "bot": None, "token_sha256": hash_token(tokens[seat])}
            for seat, name in enumerate(state["names"])
        ],
        "state": state,
    }
    fields = {"version": state["version"], "doc": codec.encode(document)}
    if with_field:
        fields["token_hashes"] = ",".join(hash_token(token) for token in tokens)
    redis_client.hset(store.key_for("old"), mapping=fields)  # type: ignore[arg-type]
    return tokens


@pytest.mark.parametrize(("with_field", "schema"), [(True, 1), (False, 1), (True, 2)])
@pytest.mark.parametrize("game", sorted(STORED))
def test_a_document_of_the_releases_before_loads_continues_and_is_migrated(
    service: GameService,
    store: DocumentStore,
    redis_client: redis.Redis,
    game: str,
    with_field: bool,
    schema: int,
) -> None:
    data = STORED[game]["mid_game"]
    tokens = _write_the_old_way(redis_client, store, copy.deepcopy(data), with_field, schema)
    old = service.load("old")
    # Upgraded on read: its moves held for the next write, which stores them apart.
    form = service.documents.stored(old).form  # the read's bookkeeping, beside the game
    assert form is not None and form.moves is not None
    assert old.version == data["version"]
    assert old.state.view(0) == load_state(copy.deepcopy(data)).view(0)
    assert service.poll_version("old", tokens[1]) == data["version"]
    engine = load_state(copy.deepcopy(data))
    rng = random.Random(9)
    while not engine.is_over:
        seat = rng.choice(engine.active_seats())
        move = rng.choice(engine.legal_moves(seat))
        engine.apply(seat, move)
        service.move("old", tokens[seat], move)
        if engine.version == data["version"] + 1:  # the first move rewrote it in the new form
            migrated = store.load("old", [TOKENS_FIELD, "token_hashes"])
            assert migrated.document["schema_version"] == DOCUMENT_SCHEMA_VERSION
            assert migrated.fields[TOKENS_FIELD] is not None
            assert migrated.fields["token_hashes"] is None
            assert len(service.read_log("old")[1]) == engine.version
            assert service.documents.stored(service.load("old")).form is None  # current
    assert service.record_for("old", tokens[0]) == engine.record()


@pytest.mark.parametrize("game", sorted(STORED))
def test_a_finished_document_of_the_release_before_gives_its_record(
    service: GameService, store: DocumentStore, redis_client: redis.Redis, game: str
) -> None:
    _write_the_old_way(redis_client, store, copy.deepcopy(STORED[game]["finished"]), False)
    assert service.record_for("old", None) == STORED[game]["record"]


def _rewrite_as_schema_3(redis_client: redis.Redis, store: DocumentStore, game_id: str) -> None:
    """The game as the release before wrote it (schema 3): every seat and table field, the
    table's options beside the state's, token hashes as comma-separated hex, the lobby and
    deadline fields stored empty and the bots-only flag as "0"."""
    game = GameService(store).load(game_id)
    document = write_document(game)
    document["schema_version"] = 3
    document["seats"] = [
        {k: v for k, v in dataclasses.asdict(seat).items() if k != "token_sha256"}
        for seat in game.seats
    ]
    document["table"] = {**dataclasses.asdict(game.hosting), "last_human_move": None}
    document["table_log"] = game.table_log
    key = store.key_for(game_id)
    redis_client.delete(key)
    fields = {
        "version": game.version,
        "doc": codec.encode(document),
        "token_hashes": ",".join(seat.token_sha256 or "" for seat in game.seats),
        "lobby": "",
        "deadline": "",
        "autoplay": "0",
    }
    redis_client.hset(key, mapping=fields)  # type: ignore[arg-type]


# What a game's hash holds when no small field has a value (the empty ones are not stored).
FIELDS_WITHOUT_SMALL_VALUES = {
    b"version",
    b"doc",
    TOKENS_FIELD.encode(),
    b"writes",  # the store's ring of the last writes' request ids
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_document_of_schema_3_loads_continues_and_is_rewritten_in_the_new_form(
    service: GameService, store: DocumentStore, redis_client: redis.Redis, game: str
) -> None:
    created, tokens, _, _ = service.create(game, [{"name": "a"}, {"name": "b"}], seed=8)
    _play(service, created.game_id, tokens, 12, seed=9)
    before = service.load(created.game_id)
    _rewrite_as_schema_3(redis_client, store, created.game_id)
    old = service.load(created.game_id)
    form = service.documents.stored(old).form
    assert form is not None and form.schema == 3 and form.moves is None
    assert old.view(0) == before.view(0) and write_document(old) == write_document(before)
    assert service.poll_version(created.game_id, tokens[1]) == before.version
    _play(service, created.game_id, tokens, 1, seed=10)
    key = store.key_for(created.game_id)
    assert set(redis_client.hkeys(key)) == FIELDS_WITHOUT_SMALL_VALUES
    assert store.load(created.game_id).document["schema_version"] == DOCUMENT_SCHEMA_VERSION
    assert service.poll_version(created.game_id, tokens[0]) == before.version + 1
    _play(service, created.game_id, tokens, 10_000, seed=11)
    engine = replay(
        store.load(created.game_id).document["state"], service.read_log(created.game_id)[1]
    )
    assert service.record_for(created.game_id, tokens[0]) == engine.record()


def test_only_the_small_fields_that_change_are_written(
    service: GameService, store: DocumentStore, redis_client: redis.Redis
) -> None:
    """A move sends the snapshot and the fields that changed (none, usually); fields without
    a value are not stored."""
    created, _, _, _ = service.create("skipbo", [{"name": "a"}, {"name": "b"}], seed=2)
    key = store.key_for(created.game_id)
    assert set(redis_client.hkeys(key)) == FIELDS_WITHOUT_SMALL_VALUES
    game = service.load(created.game_id)
    assert service.changed_fields(game) == {}
    game.hosting.deadline = 12.5
    assert service.changed_fields(game) == {"deadline": b"12.5"}
    stored = redis_client.hget(key, TOKENS_FIELD)
    assert stored is not None and len(stored) == 64
    assert [bytes.fromhex(seat.token_sha256 or "") for seat in game.seats] == [
        stored[:32],
        stored[32:],
    ]
