"""One upgrader for the older stored forms (cardtable.documents.upgrade): a game stored in
any form this release reads is, read through the service, the same game as when stored in
the current form; and no module outside documents/ keeps an old-form branch."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import redis

from cardtable.games.service import GameService
from cardtable.store import DocumentStore
from cardtable_engine.registry import GAMES
from tests.services.test_game_storage import _write_the_old_way

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
