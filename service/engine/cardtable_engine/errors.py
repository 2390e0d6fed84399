"""The typed errors of every engine: each carries the stable `code` the API passes through."""

from __future__ import annotations

from typing import Any, ClassVar

Move = dict[str, Any]
"""A move is exactly the flat JSON object of the API contract, e.g. {"type": "draw"}."""

# --------------------------------------------------------------------------------------


class EngineError(ValueError):
    """Base of every error a client can cause; the state is unchanged when one is raised."""

    code: ClassVar[str] = "engine_error"

    def __init__(self, message: str, *, move: Move | None = None, seat: int | None = None):
        super().__init__(message)
        self.message = message
        self.move = move
        self.seat = seat


class MalformedMove(EngineError):
    """The move is not one of the contract's shapes (unknown type, missing or extra field,
    a non-integer or out-of-range number)."""

    code = "malformed_move"


class IllegalMove(EngineError):
    """The move is well formed but the rules do not allow it now (illegal target, …)."""

    code = "illegal_move"


class NotYourTurn(EngineError):
    """The seat may not act now."""

    code = "not_your_turn"


class WrongPhase(EngineError):
    """The move type does not belong to the current step (e.g. `replace` before `draw`)."""

    code = "wrong_phase"


class GameOver(EngineError):
    """The game is finished; no move is accepted."""

    code = "game_over"


class InvalidSeat(EngineError):
    """The seat number does not exist in this game."""

    code = "invalid_seat"


class InvalidPlayers(EngineError):
    """Too few or too many players, or a player entry the game cannot seat."""

    code = "invalid_players"


class InvalidOptions(EngineError):
    """Unknown option, wrong type, value out of range, or options that do not fit together."""

    code = "invalid_options"


class InvalidState(EngineError):
    """Serialized state that is malformed, from an unknown schema version, or inconsistent."""

    code = "invalid_state"


class InvalidRecord(EngineError):
    """A record that cannot be replayed (bad shape, or a logged move that is not legal)."""

    code = "invalid_record"


class GameNotOver(EngineError):
    """The record of a game is only available once the game is over."""

    code = "game_not_over"


class UnknownGame(EngineError):
    """No hosted game has this name."""

    code = "unknown_game"
