"""The score sheet agrees with the games: play whole games with the engines' greedy bots,
enter each finished round into a sheet through the HTTP API exactly as a table would (Skyjo:
the cards left in each grid and who finished; Skip-Bo: who won and the stocks left) and get
the games' own round scores, totals, end and winners."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from cardtable_engine.base import GameState
from cardtable_engine.registry import GAMES
from tests.support.app_under_test import app_under_test
from tests.support.limits import RAISED_LIMITS

SCORING_OPTIONS = {
    "skyjo": ("end_score", "max_rounds", "finisher_penalty"),
    "skipbo": ("target_score", "teams"),
}
SEEDS = (1, 2, 3)
_prefixes = itertools.count()


@pytest.fixture(scope="module")
def client(redis_server: RedisServer) -> Iterator[FlaskClient]:
    settings = Settings(
        redis_url=redis_server.url,
        key_prefix=f"sheets-vs-engines-{next(_prefixes)}",
        **RAISED_LIMITS,
    )
    with app_under_test(settings) as app:
        yield app.test_client()


def table_entry(game: str, state: GameState) -> dict[str, Any]:
    """What players at a real table would write down for the round that just ended."""
    last = state.view(None)["last_round"]
    if game == "skyjo":
        # Add up the cards left in each grid (all face up at the end of a round).
        card_totals = [sum(card for card in grid if card != "removed") for grid in last["grids"]]
        assert card_totals == last["card_totals"]
        return {"card_totals": card_totals, "finisher": last["finisher"]}
    return {"winner": last["winner"], "stocks_left": last["stocks_left"]}


def play_with_bots(
    game: str, n_players: int, options: dict[str, Any], seed: int
) -> tuple[GameState, list[dict[str, Any]]]:
    """A whole game between greedy bots, and the table's entry for each round."""
    rules = GAMES[game]
    state = rules.new_state([f"Bot{i}" for i in range(n_players)], options, seed)
    rng = random.Random(seed)
    entries: list[dict[str, Any]] = []
    for _ in range(200_000):
        if state.is_over:
            break
        seat = rng.choice(state.active_seats())
        state.apply(seat, rules.bots["greedy"](state.view(seat), state.legal_moves(seat), rng))
        if len(state.score()["rounds"]) > len(entries):
            entries.append(table_entry(game, state))
    assert state.is_over, "the bots did not finish the game"
    return state, entries


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("game", "n_players", "options"),
    [
        ("skyjo", 3, {}),
        ("skyjo", 4, {"end_score": 50}),
        ("skyjo", 2, {"finisher_penalty": False}),
        ("skyjo", 6, {"max_rounds": 1}),
        ("skipbo", 2, {}),
        ("skipbo", 3, {"stock_size": 5, "target_score": 150}),
        ("skipbo", 4, {"teams": True}),
        ("skipbo", 6, {"teams": True, "stock_size": 4, "target_score": 200}),
    ],
    ids=lambda value: str(value).replace(" ", ""),
)
def test_a_sheet_counts_bot_games_exactly_as_the_engine(
    client: FlaskClient, game: str, n_players: int, options: dict[str, Any], seed: int
) -> None:
    state, entries = play_with_bots(game, n_players, options, seed)
    score = state.score()
    assert len(entries) == len(score["rounds"]) >= 1

    created = client.post(
        "/scoresheets",
        json={
            "game": game,
            "players": list(state.names),
            "options": {name: state.options[name] for name in SCORING_OPTIONS[game]},
        },
    )
    assert created.status_code == 201, created.get_json()
    sheet = created.get_json()
    auth = {"Authorization": f"Bearer {sheet['edit_token']}"}

    for number, (entry, engine_round) in enumerate(zip(entries, score["rounds"], strict=True)):
        response = client.post(f"/scoresheets/{sheet['id']}/rounds", json=entry, headers=auth)
        assert response.status_code == 201, response.get_json()
        counted = response.get_json()
        assert counted["rounds"][number]["scores"] == engine_round["scores"]
        # The game goes on exactly as long as the engine's did.
        assert counted["finished"] is (number == len(entries) - 1)

    final = client.get(f"/scoresheets/{sheet['id']}").get_json()
    assert final["totals"] == score["totals"]
    assert final["winners"] == score["winners"]
    assert final["finished"] is score["finished"] is True
    assert [r["scores"] for r in final["rounds"]] == [r["scores"] for r in score["rounds"]]
    if game == "skipbo":
        assert [r["winner"] for r in final["rounds"]] == [r["winner"] for r in score["rounds"]]
    else:
        assert [r["finisher"] for r in final["rounds"]] == [r["finisher"] for r in score["rounds"]]
    best = {s["seat"] for s in final["standings"] if s["rank"] == 1}
    assert best == set(score["winners"]) or not score["winners"]
