"""A stored move is its content, not its position (cardtable.documents.movelog), against a real
Redis and the real game service: the move space each game derives from its declared shapes is
pinned (it is the stored format), a reordering of `legal_moves()` changes no stored byte,
nearly every move takes one byte, and logs of the release before (moves by position,
schema 4) are read, continued and rewritten in the content form, or kept in the old form
while the service writes schema 4 (the first step of a rolling update)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from cardtable.documents.movelog import CONTENT_LOG, entries, replay, unpack
from cardtable.games.service import DOCUMENT_SCHEMA_VERSION, GameService
from cardtable.store import DocumentStore
from cardtable_engine.base import GameState, Move
from cardtable_engine.registry import GAMES
from tests.support import profiles

GAME_NAMES = sorted(GAMES)


@pytest.fixture
def store(redis_client: redis.Redis) -> DocumentStore:
    return DocumentStore(redis_client, "game", prefix="f")


def _spaces() -> dict[str, dict[str, list[Move]]]:
    return {
        game: {
            str(n): rules.state_class.move_space(n).moves
            for n in sorted({rules.min_players, rules.max_players})
        }
        for game, rules in sorted(GAMES.items())
    }


def _played(service: GameService, game: str, seed: int) -> tuple[str, GameState]:
    """A whole game played through the service, each move chosen among the legal moves
    sorted by their number in the move space, so the choice does not depend on their order."""
    created, tokens, _, _ = service.create(game, [{"name": "a"}, {"name": "b"}], seed=seed)
    rng = random.Random(seed)
    while True:
        state = service.load(created.game_id).state
        if state.is_over:
            return created.game_id, state
        seat = rng.choice(state.active_seats())
        space = state.move_space(state.n_players)
        move = rng.choice(sorted(state.legal_moves(seat), key=space.number))
        service.move(created.game_id, tokens[seat], move)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_move_space_is_pinned(game: str) -> None:
    pinned = profiles.pinned_move_space(GAMES[game])  # move_space.json in the game's folder
    assert pinned == _spaces()[game], (
        f"{game}'s move space changed, and with it the meaning of every stored log: a new "
        "shape goes last, and an intended change needs a migration (cardtable.documents.movelog)"
    )


@pytest.fixture
def reversed_legal_moves(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for rules in GAMES.values():
        cls = rules.state_class
        original = cls.moves_for

        def moves_for(self: GameState, seat: int, original: Any = original) -> list[Move]:
            return list(reversed(original(self, seat)))

        monkeypatch.setattr(cls, "moves_for", moves_for)
    yield


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_reordering_of_legal_moves_changes_nothing_stored(
    store: DocumentStore, request: pytest.FixtureRequest, game: str
) -> None:
    service = GameService(store)
    plain, _ = _played(service, game, seed=21)
    request.getfixturevalue("reversed_legal_moves")
    reordered, state = _played(service, game, seed=21)
    assert store.read_log(reordered)[1] == store.read_log(plain)[1]
    assert state.is_over and service.record_for(reordered, None) == service.record_for(plain, None)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_move_takes_one_byte(store: DocumentStore, game: str) -> None:
    service = GameService(store)
    game_id, state = _played(service, game, seed=5)
    data = store.read_log(game_id)[1]
    assert unpack(data)[0] == CONTENT_LOG and len(data) == 3 + state.version


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_positional_log_is_read_continued_and_rewritten_by_content(
    store: DocumentStore, game: str
) -> None:
    old, new = GameService(store, write_schema=4), GameService(store)
    created, tokens, _, _ = old.create(game, [{"name": "a"}, {"name": "b"}], seed=3)
    _some_moves(old, created.game_id, tokens, 6)
    data = store.read_log(created.game_id)[1]
    assert data and unpack(data)[0] != CONTENT_LOG  # the release before's form
    assert store.load(created.game_id).document["schema_version"] == 4
    before = new.replayed(created.game_id).state  # read in the old form
    assert [e for e in before.log if e["type"] == "move"] and before.version >= 6
    _some_moves(new, created.game_id, tokens, 1)
    assert store.load(created.game_id).document["schema_version"] == DOCUMENT_SCHEMA_VERSION
    rewritten = store.read_log(created.game_id)[1]
    assert unpack(rewritten)[0] == CONTENT_LOG
    snapshot = store.load(created.game_id).document["state"]
    assert replay(snapshot, entries(rewritten)).log[: len(before.log)] == before.log
    # Back to the old form while the service writes schema 4 (a rolling update's step one).
    _some_moves(old, created.game_id, tokens, 1)
    assert store.load(created.game_id).document["schema_version"] == 4
    assert unpack(store.read_log(created.game_id)[1])[0] != CONTENT_LOG
    assert new.replayed(created.game_id).state.version == before.version + 2


def _some_moves(service: GameService, game_id: str, tokens: list[str | None], count: int) -> None:
    rng = random.Random(count)
    for _ in range(count):
        state = service.load(game_id).state
        seat = rng.choice(state.active_seats())
        token = tokens[seat]
        assert token is not None
        service.move(game_id, token, rng.choice(state.legal_moves(seat)))


if __name__ == "__main__":
    # Pin each game's move space in its folder (only after a migration: see the test above).
    for name, space in _spaces().items():
        profiles.pin_move_space(GAMES[name], json.dumps(space, sort_keys=True) + "\n")
