"""Each hosted game's documented view (api/schemas/views.GAME_VIEW_SCHEMAS) and its log
entries as openapi.yaml derives them from the game's declarations match what the engine
produces, for every game of the registry (so neither can drift)."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest

from cardtable.api.schemas import derived
from cardtable.api.schemas.skipbo import SkipBoViewSchema
from cardtable.api.schemas.skyjo import SkyjoViewSchema
from cardtable.engine.registry import GAMES

CASES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "skyjo": [
        (2, {}),
        (3, {"initial_reveals": 0, "end_score": 60}),
        (4, {"initial_reveals": 3, "later_round_starter": "highest_sum"}),
        (5, {"finisher_penalty": False, "max_rounds": 2}),
        (8, {"initial_reveals": 1, "end_score": 50}),
    ],
    "skipbo": [
        (2, {"stock_size": 6}),
        (3, {"stock_size": 4, "stop_rule": "english", "first_player": 1}),
        (4, {"stock_size": 3, "teams": True, "target_score": 80}),
        (5, {"stock_size": 2, "target_score": 60}),
        (6, {"stock_size": 3, "teams": True, "stop_rule": "english"}),
        (2, {"stock_size": 2, "stop_rule": "english", "target_score": 90}),
    ],
}
VIEWS = {"skyjo": SkyjoViewSchema, "skipbo": SkipBoViewSchema}
EXPECTED_STEPS = {"skyjo": {"choose", "place_drawn", None}, "skipbo": {None, "play"}}
"""Steps every case of the game shows (Skip-Bo's build steps vary with the stop rule)."""
COMPONENTS = {"components": {"schemas": derived.components()}}


def entry_validator(game: str) -> jsonschema.Draft4Validator:
    """The derived `<Game>LogEntry` schema as openapi.yaml holds it."""
    name = f"{derived.title(GAMES[game])}LogEntry"
    schema = {**derived.ref(name), **COMPONENTS}
    return jsonschema.Draft4Validator(schema)


def played(game: str, n: int, options: dict[str, Any], seed: int) -> tuple[list[Any], Any]:
    """The views of one game by bots (the acting seat, a spectator, another seat in turn)
    and its final state."""
    rules = GAMES[game]
    state = rules.new_state([f"p{seat}" for seat in range(n)], options, seed)
    rng = random.Random(seed)
    views: list[Any] = []
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        views.append(state.view((seat, None, (seat + 1) % n)[state.version % 3]))
        bot = rules.bots[rng.choice(["random", "greedy"])]
        state.apply(seat, bot(state.view(seat), state.legal_moves(seat), rng))
    views.extend(state.view(seat) for seat in [None, *range(n)])
    return views, state


@pytest.mark.parametrize(
    ("game", "n", "options"), [(game, *case) for game in sorted(CASES) for case in CASES[game]]
)
def test_every_view_and_log_entry_validates(game: str, n: int, options: dict[str, Any]) -> None:
    view_schema, entries = VIEWS[game](), entry_validator(game)
    phases: set[str] = set()
    steps: set[Any] = set()
    for seed in range(2):
        views, state = played(game, n, options, seed)
        for view in views:
            assert view_schema.validate(view) == {}, view
            phases.add(view["phase"])
            steps.add(view["step"])
        for entry in state.record()["log"]:
            entries.validate(entry)
    setup = game == "skyjo" and options.get("initial_reveals") != 0
    assert phases == {"playing", "finished"} | ({"setup"} if setup else set())
    assert EXPECTED_STEPS[game] <= steps


def test_every_hosted_game_has_cases() -> None:
    assert CASES.keys() == VIEWS.keys() == GAMES.keys()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_schemas_notice_drift(game: str) -> None:
    schema = VIEWS[game]()
    state = GAMES[game].new_state(["a", "b"], CASES[game][0][1], 1)
    view = state.view(0)
    assert schema.validate(view) == {}
    assert "surprise" in schema.validate({**view, "surprise": 1})
    missing = dict(view)
    del missing["draw_pile_size"]
    assert "draw_pile_size" in schema.validate(missing)
    broken = {**view, "players": [{**view["players"][0], "total": "7"}, view["players"][1]]}
    assert "players" in schema.validate(broken)
    deal, entries = state.log[0], entry_validator(game)
    entries.validate(deal)
    for wrong in ({**deal, "surprise": 1}, {**deal, "draw_pile": [99]}, {**deal, "round": 0}):
        assert not entries.is_valid(wrong), wrong
