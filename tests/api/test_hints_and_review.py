"""Hints and post-game reviews through the real app and Redis: the answer's shape, the
refusals (timed tables, a seat that may not act, a game not over), hidden information
(states that differ only in cards the seat cannot see get the same hints), and a review
computed once and kept beside the game."""

from __future__ import annotations

import random
from typing import Any

from cardtable.games.service import GameService
from cardtable_engine import analysis
from cardtable_engine.registry import get_rules
from cardtable_engine.search import determinize
from tests.api.conftest import Api


def hints(api: Api, game_id: str, token: str | None) -> Any:
    return api.client.get(f"/games/{game_id}/hints", headers=api.auth(token))


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {p["seat"]: p["token"] for p in created["players"]}


def test_skyjo_hints_rank_every_legal_move_best_first(api: Api) -> None:
    created = api.create("skyjo", 2, seed=11, options={"max_rounds": 1})
    game_id, token = created["id"], tokens(created)
    for seat in (0, 1):  # the setup reveals
        for _ in range(2):
            legal = api.legal(game_id, token[seat])["moves"]
            assert api.move(game_id, token[seat], legal[0]).status_code == 200
    seat = api.view(game_id)["active_seats"][0]
    answer = hints(api, game_id, token[seat])
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    legal = api.legal(game_id, token[seat])
    assert body["seat"] == seat and body["version"] == legal["version"]
    assert "expectation" in body["method"]
    moves = body["moves"]
    assert sorted(map(repr, (m["move"] for m in moves))) == sorted(map(repr, legal["moves"]))
    assert all(m["unit"] == "expected_round_score" for m in moves)
    estimates = [m["estimate"] for m in moves]
    assert estimates == sorted(estimates)  # lower is better: best first
    assert [m["best"] for m in moves] == [True] + [False] * (len(moves) - 1)
    # The other seat may not act: no hints for it.
    other = hints(api, game_id, token[1 - seat])
    assert other.status_code == 409 and other.get_json()["code"] == "not_your_turn"


def test_skipbo_hints_are_win_probabilities(api: Api) -> None:
    created = api.create("skipbo", 2, seed=5, options={"stock_size": 5})
    game_id, token = created["id"], tokens(created)
    seat = api.view(game_id)["active_seats"][0]
    body = hints(api, game_id, token[seat]).get_json()
    assert "rollouts" in body["method"]
    estimates = [m["estimate"] for m in body["moves"]]
    assert all(m["unit"] == "win_probability" for m in body["moves"])
    assert all(0.0 <= e <= 1.0 for e in estimates) and estimates == sorted(estimates, reverse=True)
    assert len(body["moves"]) == len(api.legal(game_id, token[seat])["moves"])


def test_hints_need_a_seat_and_a_casual_table(api: Api) -> None:
    created = api.create("skyjo", 2, seed=3)
    answer = hints(api, created["id"], None)
    assert answer.status_code == 401 and answer.get_json()["code"] == "token_required"
    timed = api.create("skyjo", 2, seed=3, turn_seconds=30)
    answer = hints(api, timed["id"], tokens(timed)[0])
    assert answer.status_code == 409 and answer.get_json()["code"] == "hints_unavailable"
    missing = hints(api, "nosuchgame", tokens(created)[0])
    assert missing.status_code == 404


def test_hints_refused_in_rated_games(app: Any, api: Api) -> None:
    created = api.create("skyjo", 2, seed=3)
    service: GameService = app.extensions["cardtable"].games
    game = service.load(created["id"])
    game.hosting.rated = True
    service.save(game, game.version)  # as the rated queue makes it (rated/matchmaking.py)
    answer = hints(api, created["id"], tokens(created)[0])
    assert answer.status_code == 409 and answer.get_json()["code"] == "hints_unavailable"


def _mid_round(game: str, seed: int, moves: int, options: dict[str, Any]) -> Any:
    rules = get_rules(game)
    state = rules.new_state(["a", "b"], options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.active_seats()[0]
        state.apply(seat, rules.bots["greedy"](state.view(seat), state.legal_moves(seat), rng))
    return state


def test_hints_use_only_the_seats_view() -> None:
    """Two states that differ only in cards the seat cannot see (a determinization of one
    is the other) give the same hints for the same seed, for both games."""
    for game, options, moves in (("skyjo", {}, 9), ("skipbo", {"stock_size": 8}, 6)):
        state = _mid_round(game, 21, moves, options)
        seat = state.active_seats()[0]
        other = determinize(state, seat, random.Random(99))
        assert other.view(seat) == state.view(seat)
        hidden_differs = other.dump_fields() != state.dump_fields()
        assert hidden_differs
        first = analysis.hints(game, state.view(seat), state.legal_moves(seat), 1234)
        second = analysis.hints(game, other.view(seat), other.legal_moves(seat), 1234)
        assert first == second


def test_a_finished_games_review_is_computed_once(app: Any, api: Api, raw_redis: Any) -> None:
    created = api.create(
        "skyjo",
        [{"name": "P0"}, {"name": "Bot", "bot": "greedy"}],
        seed=4,
        options={"max_rounds": 1},
    )
    game_id, token = created["id"], tokens(created)[0]
    early = api.client.get(f"/games/{game_id}/review")
    assert early.status_code == 409 and early.get_json()["code"] == "game_not_over"
    api.play_to_end(created, random.Random(2))
    answer = api.client.get(f"/games/{game_id}/review", headers=api.auth(token))
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["unit"] == "expected_round_score"
    assert [s["seat"] for s in body["seats"]] == [0, 1]
    mistakes = body["seats"][0]["mistakes"]
    assert mistakes, "random moves lose something somewhere"
    assert len(mistakes) <= analysis.MISTAKES_PER_SEAT
    losses = [m["loss"] for m in mistakes]
    assert losses == sorted(losses, reverse=True) and all(loss > 0 for loss in losses)
    assert all(m["move"] != m["best_move"] for m in mistakes)
    service: GameService = app.extensions["cardtable"].games
    key = f"{service.store.key_for(game_id)}:review"
    assert raw_redis.exists(key)
    # The cached answer is served as it is: overwrite it to show it is read, not recomputed.
    raw_redis.set(key, '{"unit": "expected_round_score", "method": "m", "seats": []}')
    again = api.client.get(f"/games/{game_id}/review").get_json()
    assert again["seats"] == []


def test_a_skipbo_review_judges_moves_against_the_experts(api: Api) -> None:
    created = api.create("skipbo", 2, seed=6, options={"stock_size": 4})
    api.play_to_end(created, random.Random(5))
    body = api.client.get(f"/games/{created['id']}/review").get_json()
    assert body["unit"] == "win_probability"
    mistakes = [m for seat in body["seats"] for m in seat["mistakes"]]
    assert mistakes, "random moves lose something somewhere"
    assert all(0 < m["loss"] <= 1 and m["move"] != m["best_move"] for m in mistakes)
