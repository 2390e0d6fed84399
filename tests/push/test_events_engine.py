"""The event feed derived in the engine: every viewer's events tell the record's moves in
order, and no event shows a card that the viewer's own view at that version does not."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable_engine.autoplay import play_bots
from cardtable_engine.base import GameState
from cardtable_engine.events import Timeline, copy_state, first_deal_event, viewer_events
from cardtable_engine.registry import get_rules

SHORT_OPTIONS = {"skyjo": {"end_score": 40}, "skipbo": {"stock_size": 5, "target_score": 100}}


def random_game(game: str, n_players: int, seed: int, stop_at: int | None = None) -> GameState:
    """A game played by random legal moves (several seats may act in Skyjo's setup)."""
    state = get_rules(game).new_state(
        [f"p{i}" for i in range(n_players)], SHORT_OPTIONS[game], seed
    )
    rng = random.Random(seed)
    while not state.is_over and (stop_at is None or state.version < stop_at):
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def views_by_version(state: GameState) -> list[list[dict[str, Any]]]:
    """[version][viewer index] of an independent replay (viewers: seats, then None)."""
    rules = get_rules(state.game)
    replay = rules.new_state(list(state.names), dict(state.options), state.rng.seed)
    viewers: list[int | None] = [*range(state.n_players), None]
    views = [[replay.view(viewer) for viewer in viewers]]
    for entry in state.log:
        if entry["type"] == "move":
            replay.apply(entry["seat"], entry["move"])
            views.append([replay.view(viewer) for viewer in viewers])
    return views


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
@pytest.mark.parametrize("n_players", [2, 4])
def test_every_viewer_gets_the_records_moves_in_order(game: str, n_players: int) -> None:
    rules = get_rules(game)
    state = rules.new_state([f"p{i}" for i in range(n_players)], SHORT_OPTIONS[game], 5)
    play_bots(rules, state, dict.fromkeys(range(n_players), "greedy"))
    assert state.is_over
    recorded = [(e["seat"], e["move"]) for e in state.record()["log"] if e["type"] == "move"]
    timeline = Timeline(state)
    for viewer in [*range(n_players), None]:
        events = timeline.events(viewer, 0)
        assert [(e["seat"], e["move"]) for e in events if e["type"] == "move"] == recorded
        assert [e["version"] for e in events if e["type"] == "move"] == list(
            range(1, state.version + 1)
        )
        assert events[-1]["type"] == "game_end" and events[-1]["winners"] == state.winners()
        round_ends = [e for e in events if e["type"] == "round_end"]
        assert [e["scores"] for e in round_ends] == [r["scores"] for r in state.score()["rounds"]]


def test_a_timeline_extended_step_by_step_equals_one_built_at_once() -> None:
    early = random_game("skipbo", 3, 11, stop_at=10)
    timeline = Timeline(early)
    final = random_game("skipbo", 3, 11)
    timeline.extend(final)
    whole = Timeline(final)
    for viewer in (0, 1, 2, None):
        assert timeline.events(viewer, 0) == whole.events(viewer, 0)
        assert timeline.events(viewer, 7) == [
            e for e in whole.events(viewer, 0) if e["version"] > 7
        ]


PRIVATE_KEYS = {"drawn", "drew", "hand"}


def check_event(event: dict[str, Any], viewer: int | None, before: Any, after: Any) -> None:
    """Every card value the event shows is shown by the viewer's view at its version (or,
    for the card a move took from a pile, just before it)."""
    if viewer is None and event["type"] != "round_end":  # a Skip-Bo round_end's "drawn": a tie
        assert not PRIVATE_KEYS & set(event)
    if event["type"] == "move":
        check_move(event, viewer, before, after)
    elif event["type"] == "deal" and after["game"] == "skipbo":
        assert event.get("hand") == after["hand"]
        assert event["stock_tops"] == [p["stock_top"] for p in after["players"]]
    elif event["type"] == "round_end" and after["game"] == "skyjo":
        assert event["grids"] == after["last_round"]["grids"]


def check_move(event: dict[str, Any], viewer: int | None, before: Any, after: Any) -> None:
    for cell in event.get("cells", []):
        shown = after["players"][cell["seat"]]["grid"][cell["row"] * 4 + cell["col"]]
        assert shown == cell["card"]
    if "discard_top" in event:
        assert event["discard_top"] == after["discard_top"]
    if "drawn" in event:
        assert viewer == event["seat"] and after["drawn"]["card"] == event["drawn"]
    if "drew" in event:
        assert viewer is not None
        assert not Counter(event["drew"]) - Counter(after["hand"])
    if "stock_top" in event:
        owner = event["move"].get("owner", event["seat"])
        assert event["stock_top"] == after["players"][owner]["stock_top"]
    source = event["move"].get("source")
    if source == "stock":
        assert event["card"] == before["players"][event["seat"]]["stock_top"]
    elif source == "discard":
        piles = before["players"][event["move"].get("owner", event["seat"])]["discard_piles"]
        assert event["card"] == piles[event["move"]["pile"]][-1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["skyjo", "skipbo"]),
    n_players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
)
def test_no_event_shows_a_card_the_viewers_view_does_not(
    game: str, n_players: int, seed: int
) -> None:
    state = random_game(game, n_players, seed)
    timeline = Timeline(state)
    views = views_by_version(state)
    for index, viewer in enumerate([*range(n_players), None]):
        for event in timeline.events(viewer, 0):
            version = event["version"]
            check_event(event, viewer, views[version - 1][index], views[version][index])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["skyjo", "skipbo"]),
    n_players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    cut=st.floats(0, 1),
)
def test_one_viewers_events_from_a_copy_mid_game_equal_the_timelines_and_show_no_hidden_card(
    game: str, n_players: int, seed: int, cut: float
) -> None:
    """What a cold feed builds: one viewer's events from a state copied mid-game (its
    history, `viewer_events`), and every viewer's from there on (`Timeline.following`)."""
    state = random_game(game, n_players, seed)
    moves = [(e["seat"], e["move"]) for e in state.log if e["type"] == "move"]
    at = int(cut * len(moves))
    middle = random_game(game, n_players, seed, stop_at=at)
    whole = Timeline(state)
    following = Timeline.following(middle)
    for move in moves[at:]:
        following.apply(*move)
    assert middle.version == at  # `following` copied it
    views = views_by_version(state)
    fresh = get_rules(game).new_state(list(state.names), dict(state.options), state.rng.seed)
    assert first_deal_event(fresh, None) == whole.first_deal(None)
    for index, viewer in enumerate([*range(n_players), None]):
        expected = [e for e in whole.events(viewer, 0) if e["version"] > at]
        built = viewer_events(copy_state(middle), viewer, moves[at:])
        assert built == expected == following.events(viewer, at)
        for event in built:
            version = event["version"]
            check_event(event, viewer, views[version - 1][index], views[version][index])
