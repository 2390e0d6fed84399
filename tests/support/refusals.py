"""The contract of a refused move, checked alike for every game: exactly the error the check
order names, with a message, and the state left as it was."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable_engine.base import GameState
from cardtable_engine.errors import EngineError


def refused(state: GameState, seat: Any, move: Any, error: type[EngineError]) -> EngineError:
    """The error `state.apply(seat, move)` raises, which must be of type `error` (not a
    subclass) and leave `state` unchanged."""
    before = state.to_dict()
    with pytest.raises(error) as caught:
        state.apply(seat, move)
    assert type(caught.value) is error
    assert state.to_dict() == before
    assert caught.value.message
    return caught.value
