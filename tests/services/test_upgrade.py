"""One upgrader for the older stored forms (cardtable.documents.upgrade): a game stored in
any form this release reads is, read through the service, the same game as when stored in
the current form; and no module outside documents/ keeps an old-form branch."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import pytest
import redis

from cardtable.documents.game import TOKEN_HASHES_FIELD, TOKENS_FIELD
from cardtable.games.seating import Seating
from cardtable.games.service import Game, GameService
from cardtable.live.hub import new_hub
from cardtable.server.redis_server import RedisServer
from cardtable.store import DocumentStore
from cardtable_engine.host import InvalidToken, hash_token
from cardtable_engine.registry import GAMES
from tests.services.test_game_storage import STORED, _rewrite_as_schema_3, _write_the_old_way

SERVICE = Path(__file__).resolve().parents[2] / "service" / "cardtable"
OLD_FORM_NAMES = re.compile(
    r"\blegacy\b|\b(game|created)\.schema\b|positional|LOG_IN_DOCUMENT|CONTENT_LOG_SCHEMA|READ_SCHEMAS"
    r"|last_human_move|schema_version"
)


@pytest.fixture
def store(redis_client: redis.Redis) -> DocumentStore:
    return DocumentStore(redis_client, "game", prefix="up")


def _played(service: GameService, game: str, moves: list[tuple[int, Any]]) -> str:
    """A game of seed 5 with `moves` made (an empty list: 14 moves drawn into it)."""
    created, tokens, _, _ = service.create(game, [{"name": "a"}, {"name": "b"}], seed=5)
    rng, draw = random.Random(3), not moves
    for index in range(14 if draw else len(moves)):
        if draw:
            state = service.load(created.game_id).state
            seat = rng.choice(state.active_seats())
            moves.append((seat, rng.choice(state.legal_moves(seat))))
        seat, move = moves[index]
        service.move(created.game_id, tokens[seat], move)
    return created.game_id


def _seen(service: GameService, game_id: str) -> dict[str, Any]:
    """What the service answers about a game: views, legal moves, score and whole log."""
    game = service.load(game_id)
    seats = range(len(game.seats))
    return {
        "views": [_unnamed(game.state.view(seat), game_id) for seat in [*seats, None]],
        "legal": [game.state.legal_moves(seat) for seat in seats],
        "score": game.state.score(),
        "log": service.replayed(game_id).state.log,
        "version": game.version,
    }


def _unnamed(view: dict[str, Any], game_id: str) -> dict[str, Any]:
    """A view without the game's id (the same game is stored under several) and its options
    (the forms before 5 leave out `max_turns` when unset: the release before knows none)."""
    return {k: v for k, v in view.items() if v != game_id and k != "options"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_old_form_reads_as_the_same_game_in_the_current_form(
    store: DocumentStore, redis_client: redis.Redis, game: str
) -> None:
    current = GameService(store)
    moves_made: list[tuple[int, Any]] = []
    expected = _seen(current, _played(current, game, moves_made))
    for schema in (3, 4):  # written by the release before's form, read by this one
        game_id = _played(GameService(store, write_schema=schema), game, moves_made)
        assert store.load(game_id).document["schema_version"] == schema
        assert _seen(current, game_id) == expected, schema
    for schema in (1, 2):  # the whole state with its log in the document
        state = current.replayed(_played(current, game, moves_made)).state.to_dict()
        _write_the_old_way(redis_client, store, state, True, schema)
        assert _seen(current, "old") == expected, schema


def test_no_old_form_branch_is_left_outside_documents() -> None:
    found = [
        f"{path.relative_to(SERVICE)}:{number}: {line.strip()}"
        for folder in ("games", "live", "api")
        for path in sorted((SERVICE / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if OLD_FORM_NAMES.search(line)
    ]
    assert found == []


def test_a_poll_of_a_game_stored_before_the_token_fields_reads_its_seats(
    store: DocumentStore, redis_client: redis.Redis
) -> None:
    """Schema 1 without the token-hash field: a poll, which reads the small fields alone,
    finds no hashes there and reads the game for them; any later form has them."""
    data = copy.deepcopy(STORED["skyjo"]["mid_game"])
    tokens = _write_the_old_way(redis_client, store, data, False, 1)
    service = GameService(store)
    reads: list[int] = []

    def read() -> Game:
        reads.append(1)
        return service.load("old")

    hashes = service.documents.token_hashes({}, read)
    assert hashes == [hash_token(token) for token in tokens] and reads == [1]
    assert service.poll_version("old", tokens[1]) == data["version"]
    with pytest.raises(InvalidToken):
        service.poll_version("old", "not-a-seat's")
    fields = store.read_raw_fields("old", TOKENS_FIELD, TOKEN_HASHES_FIELD)[1]
    assert fields == [None, None]  # a poll writes nothing back
    fresh, fresh_tokens, _, _ = service.create("skyjo", [{"name": "a"}, {"name": "b"}])
    stored = store.load(fresh.game_id, [TOKENS_FIELD, TOKEN_HASHES_FIELD]).fields
    assert service.documents.token_hashes(stored, read) == [
        hash_token(token) for token in fresh_tokens
    ]
    assert reads == [1]  # the fields sufficed


def test_the_small_fields_schema_3_stored_empty_read_as_none(
    store: DocumentStore, redis_server: RedisServer
) -> None:
    """Schema 3 stored the deadline and the lobby entry empty and the bots-only flag as "0"
    when they had no value: a poll and a long poll read them as absent."""
    # The long poll's listener gets a client of its own: it outlives the test's.
    listening = redis.Redis.from_url(redis_server.url)
    service = GameService(store, hub=new_hub(listening, store.prefix))
    created, tokens, _, _ = service.create("skyjo", [{"name": "a"}, {"name": "b"}], seed=8)
    _rewrite_as_schema_3(store.redis, store, created.game_id)
    assert store.read_fields(created.game_id, "deadline", "autoplay")[1] == ["", "0"]
    assert service.poll_version(created.game_id, tokens[0]) == created.version
    assert service.wait_for_change(created.game_id, created.version, 0.01) == created.version


def test_a_waiting_game_of_an_old_form_expires_by_its_creation_time(
    store: DocumentStore,
) -> None:
    """Every stored form holds the creation time (schema 1 on): a waiting game written as
    schema 3 keeps expiring a waiting TTL after its creation, read and written by this
    release."""
    now = [1_767_225_600.0]
    options: dict[str, Any] = {"clock": lambda: now[0], "waiting_ttl_seconds": 600}
    old = GameService(store, write_schema=3, **options)
    created, _, invite, _ = old.create("skyjo", [{"name": "a"}, {"open": True}, {"open": True}])
    assert store.load(created.game_id).document["created_at"] == now[0]
    now[0] += 300
    Seating(GameService(store, **options)).join(created.game_id, "b", invite)
    assert store.load(created.game_id).document["schema_version"] == 5
    assert 290 <= store.ttl(created.game_id) <= 300
