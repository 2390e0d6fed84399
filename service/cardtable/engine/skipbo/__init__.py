"""Skip-Bo (rules/skipbo.md): the rules object the store and the API use, `RULES`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.engine.base import (
    JSON,
    DeckRng,
    GameRules,
    InvalidOptions,
    InvalidPlayers,
    new_seed,
)
from cardtable.engine.skipbo.bots import BOTS
from cardtable.engine.skipbo.moves import MOVE_TYPES
from cardtable.engine.skipbo.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_SPECS,
    check_option_values,
)
from cardtable.engine.skipbo.replay import replay
from cardtable.engine.skipbo.state import SkipBoState


def new_state(
    names: Sequence[str], options: Mapping[str, JSON] | None = None, seed: int | None = None
) -> SkipBoState:
    """A new game, round 1 dealt and the first player's hand drawn."""
    if isinstance(names, str) or not all(isinstance(name, str) for name in names):
        raise InvalidPlayers("players must be given as a list of names")
    if options is not None and not isinstance(options, Mapping):
        raise InvalidOptions("options must be an object")
    resolved = RULES.resolve_options(options, len(names))
    state = SkipBoState(names, resolved, DeckRng(new_seed() if seed is None else seed))
    state.start()
    return state


RULES = GameRules(
    name="skipbo",
    title="Skip-Bo",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    option_specs=OPTION_SPECS,
    state_class=SkipBoState,
    new_state=new_state,
    replay=replay,
    bots=BOTS,
    move_types=MOVE_TYPES,
    check_option_values=check_option_values,
)

__all__ = ["RULES", "SkipBoState", "new_state", "replay"]
