"""Skyjo (rules/skyjo.md): the game's static facts and its entry points for the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.engine.base import JSON, DeckRng, GameRules, InvalidOptions, InvalidPlayers, new_seed
from cardtable.engine.skyjo.bots import greedy_bot, random_bot
from cardtable.engine.skyjo.moves import MOVE_TYPES
from cardtable.engine.skyjo.options import OPTION_SPECS, check_option_values
from cardtable.engine.skyjo.replay import replay
from cardtable.engine.skyjo.rounds import start_round
from cardtable.engine.skyjo.state import SkyjoState


def new_state(
    names: Sequence[str], options: Mapping[str, JSON] | None, seed: int | None = None
) -> SkyjoState:
    """A new game: options resolved, round 1 dealt, setup reveals (or the first turn) open."""
    if isinstance(names, str) or not all(isinstance(name, str) for name in names):
        raise InvalidPlayers("players are given as a list of names")
    resolved = RULES.resolve_options(options, len(names))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidOptions("the seed must be an integer")
    state = SkyjoState(
        names=list(names),
        options=resolved,
        rng=DeckRng(seed=new_seed() if seed is None else seed),
    )
    start_round(state, 1)
    return state


RULES = GameRules(
    name="skyjo",
    title="Skyjo",
    min_players=2,
    max_players=8,
    option_specs=OPTION_SPECS,
    state_class=SkyjoState,
    new_state=new_state,
    replay=replay,
    bots={"random": random_bot, "greedy": greedy_bot},
    move_types=MOVE_TYPES,
    check_option_values=check_option_values,
)

__all__ = ["RULES", "SkyjoState", "new_state", "replay"]
