"""Each game's view and log entries as openapi.yaml derives them from the game's own
declarations (VIEW_FIELDS and VIEW_PARTS, the checks of its log entries) match what the
engine produces, for every game of the registry and the test-only high-card game (so
neither the declarations nor the engine can drift)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.api.schemas import derived
from cardtable.openapi import openapi_dict
from cardtable_engine.base import GameRules
from cardtable_engine.registry import GAMES, hosted
from tests.support import profiles
from tests.support.highcard import RULES as HIGHCARD
from tests.support.openapi import errors, validator

RULES: dict[str, GameRules] = {**GAMES, HIGHCARD.name: HIGHCARD}
"""Every hosted game and the test game; what the tests play of each is its profile's
`VIEW_SETUPS` and `VIEW_STEPS` (tests/support/profiles.py)."""


@pytest.fixture(autouse=True)
def _highcard() -> Iterator[None]:
    with hosted(HIGHCARD):
        yield


class Checker:
    """The derived `<Game>View` (the engine's part: no service fields) and `<Game>LogEntry`."""

    def __init__(self, game: str) -> None:
        components = derived.components({game: RULES[game]})
        name = derived.title(RULES[game])
        self.view = validator(f"{name}View", components)
        self.entry = validator(f"{name}LogEntry", components)


def played(game: str, n: int, options: dict[str, Any], seed: int) -> tuple[list[Any], Any]:
    """The views of one game by bots (the acting seat, a spectator, another seat in turn)
    and its final state."""
    rules = RULES[game]
    state = rules.new_state([f"p{seat}" for seat in range(n)], options, seed)
    rng = random.Random(seed)
    views: list[Any] = []
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        views.append(state.view((seat, None, (seat + 1) % n)[state.version % 3]))
        bot = rules.bots[rng.choice(sorted(rules.bots))]
        state.apply(seat, bot(state.view(seat), state.legal_moves(seat), rng))
    views.extend(state.view(seat) for seat in [None, *range(n)])
    return views, state


@pytest.mark.parametrize(
    ("game", "n", "options"),
    [(game, *case) for game in sorted(RULES) for case in profiles.view_setups(RULES[game])],
)
def test_every_view_and_log_entry_validates(game: str, n: int, options: dict[str, Any]) -> None:
    check = Checker(game)
    phases: set[str] = set()
    steps: set[Any] = set()
    for seed in range(2):
        views, state = played(game, n, options, seed)
        for view in views:
            assert errors(check.view, view) == [], view
            phases.add(view["phase"])
            steps.add(view["step"])
        for entry in state.record()["log"]:
            assert errors(check.entry, entry) == [], entry
    setup = profiles.has_setup_phase(RULES[game], options)
    assert phases == {"playing", "finished"} | ({"setup"} if setup else set())
    assert profiles.view_steps(RULES[game]) <= steps


def test_every_hosted_game_has_cases() -> None:
    assert all(
        profiles.view_setups(rules) and profiles.view_steps(rules) for rules in RULES.values()
    )


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_schemas_notice_drift(game: str) -> None:
    check = Checker(game)
    state = RULES[game].new_state(["a", "b"], profiles.view_setups(RULES[game])[0][1], 1)
    view = state.view(0)
    assert errors(check.view, view) == []
    assert not check.view.is_valid({**view, "surprise": 1})
    missing = {key: value for key, value in view.items() if key != "players"}
    assert not check.view.is_valid(missing)
    broken = {**view, "players": [{**view["players"][0], "total": "7"}, view["players"][1]]}
    assert not check.view.is_valid(broken)
    deal = state.log[0]
    assert check.entry.is_valid(deal)
    cards = next(key for key, value in deal.items() if isinstance(value, list))
    for wrong in ({**deal, "surprise": 1}, {**deal, cards: [99]}, {**deal, "round": 0}):
        assert not check.entry.is_valid(wrong), wrong


def test_a_hosted_third_game_has_a_typed_view_in_the_spec() -> None:
    schemas: Any = openapi_dict()["components"]["schemas"]  # type: ignore[index]
    view = schemas["HighcardView"]
    assert view["additionalProperties"] is False
    assert view["properties"]["talon_size"] == {
        "type": "integer",
        "minimum": 0,
        "description": "Cards left face down.",
    }
    assert view["properties"]["players"]["items"] == derived.ref("HighcardPlayer")
    assert {"hand_size", "tricks"} <= schemas["HighcardPlayer"]["properties"].keys()
    assert {"id", "seeded", "deadline", "version", "phase"} <= set(view["required"])
    assert derived.ref("HighcardView") in schemas["GameView"]["oneOf"]
