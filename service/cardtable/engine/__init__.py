"""Pure rules engines for Skyjo and Skip-Bo: no Flask, no marshmallow, no Redis.

The game registry (`GAMES`, `get_rules`, `load_state`) lives in `cardtable.engine.registry`.
"""

from __future__ import annotations

from cardtable.engine.base import (
    EngineError,
    GameNotOver,
    GameOver,
    GameRules,
    GameState,
    IllegalMove,
    InvalidOptions,
    InvalidPlayers,
    InvalidRecord,
    InvalidSeat,
    InvalidState,
    MalformedMove,
    Move,
    NotYourTurn,
    OptionSpec,
    WrongPhase,
)

__all__ = [
    "EngineError",
    "GameNotOver",
    "GameOver",
    "GameRules",
    "GameState",
    "IllegalMove",
    "InvalidOptions",
    "InvalidPlayers",
    "InvalidRecord",
    "InvalidSeat",
    "InvalidState",
    "MalformedMove",
    "Move",
    "NotYourTurn",
    "OptionSpec",
    "WrongPhase",
]
