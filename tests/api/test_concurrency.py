"""Many threads moving at once, on one game and on many: one move per version, nothing lost,
nothing applied twice, cards conserved."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Iterable
from functools import partial
from typing import Any

import pytest

from cardtable_engine.registry import GAMES
from tests.api.conftest import Api
from tests.support.threads import run_at_once


def hammer(
    api: Api,
    created: dict,
    seats_tokens: dict[int, str],
    rounds: int,
    seed: int,
    acknowledged: list,
    errors: Counter,
    lock: threading.Lock,
) -> None:
    """One client: read legal moves, post one, repeat; conflicts are expected and counted."""
    rng = random.Random(seed)
    client = api.client.application.test_client()
    game_id = created["id"]
    for _ in range(rounds):
        seat, token = rng.choice(sorted(seats_tokens.items()))
        legal = client.get(f"/games/{game_id}/legal-moves", headers=Api.auth(token)).get_json()
        if not legal["moves"]:
            continue
        move = rng.choice(legal["moves"])
        response = client.post(
            f"/games/{game_id}/moves",
            json={"move": move},
            headers={**Api.auth(token), "If-Match": f'"{legal["version"]}"'},
        )
        body = response.get_json()
        with lock:
            if response.status_code == 200:
                acknowledged.append((body["applied"][0]["version"], seat, move))
            else:
                errors[body["code"]] += 1
        if response.status_code == 200 and body["view"]["finished"]:
            return


def hammer_at_once(jobs: Iterable[tuple[Any, ...]]) -> None:
    """Run one `hammer` client per job, all at once, until every one is done."""
    run_at_once(partial(hammer, *job) for job in jobs)


SHORT = {"skyjo": {"max_rounds": 1}, "skipbo": {"stock_size": 8}}
"""Options that keep a game short, per hosted game."""


def deck_size(game: str) -> int:
    """Every card of a game of 3, as the engine deals it."""
    return GAMES[game].new_state(["a", "b", "c"], SHORT[game], 1).card_counts().total()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_many_threads_on_one_game(api: Api, game: str) -> None:
    options = SHORT[game]
    created = api.create(game, 3, options=options, seed=77)
    tokens = {p["seat"]: p["token"] for p in created["players"]}
    acknowledged: list = []
    errors: Counter = Counter()
    lock = threading.Lock()
    # Two clients per seat: they also race each other for the same seat.
    hammer_at_once(
        (api, created, {seat: tokens[seat]}, 60, i * 10 + seat, acknowledged, errors, lock)
        for i in range(2)
        for seat in tokens
    )
    assert acknowledged, "no move was applied at all"
    assert set(errors) <= {
        "stale_version",
        "version_conflict",
        "not_your_turn",
        "game_over",
        "illegal_move",
        "wrong_phase",
    }
    view = api.view(created["id"])
    versions = sorted(v for v, _, _ in acknowledged)
    assert len(versions) == len(set(versions)), "a version was acknowledged twice"
    assert versions[-1] <= view["version"]
    # Every acknowledged move is in the log exactly once, at the version it was given.
    state_log = _move_log(api, created)
    for version, seat, move in acknowledged:
        assert state_log[version - 1] == {"type": "move", "seat": seat, "move": move}
    assert len(state_log) == view["version"]  # gapless: one move per version
    assert _card_total(api, created) == deck_size(game)


def test_many_games_at_once(api: Api) -> None:
    games = [api.create("skyjo", 2, options={"max_rounds": 1}, seed=i) for i in range(8)]
    acknowledged: dict[str, list] = {g["id"]: [] for g in games}
    errors: Counter = Counter()
    lock = threading.Lock()
    hammer_at_once(
        (api, g, {p["seat"]: p["token"] for p in g["players"]}, 40, n, acknowledged[g["id"]],
         errors, lock)
        for n, g in enumerate(games)
    )  # fmt: skip
    for g in games:
        log = _move_log(api, g)
        assert len(log) == api.view(g["id"])["version"] == len(acknowledged[g["id"]])
        assert _card_total(api, g) == deck_size("skyjo")


def _stored_state(api: Api, created: dict):
    wiring = api.client.application.extensions["cardtable"]
    return wiring.games.load(created["id"]).state


def _move_log(api: Api, created: dict) -> list[dict]:
    """The moves as the stored log replays them (a move's snapshot holds no log)."""
    wiring = api.client.application.extensions["cardtable"]
    log = wiring.games.replayed(created["id"]).state.log
    return [entry for entry in log if entry["type"] == "move"]


def _card_total(api: Api, created: dict) -> int:
    state = _stored_state(api, created)
    assert GAMES[state.game]
    return state.card_counts().total()
