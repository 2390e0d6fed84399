"""The compact stored log of a game: one small integer per move, nothing that the seed can
re-derive, and the replay that turns it back into the engine's full log.

A move is stored as `index * n_players + seat`, where `index` is the move's position in
`legal_moves(seat)` at the time it was made, packed as a variable-length unsigned integer
(one byte below 128, which is nearly every move; seven bits a byte, the high bit saying more
follow). Deals and reshuffles are not stored: they come from the game's seed, so replaying
the moves from a fresh game of the same seed, names and options gives the engine's log
(deals, moves, reshuffles) exactly. The order of
`legal_moves` is therefore part of the stored format; the replay checks every step (an
index past the legal moves, or a final state that differs from the stored snapshot, is
an error, never a silently different game).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardtable.engine.base import GameState, Move
from cardtable.engine.cards import DeckRng
from cardtable.engine.registry import get_rules


class CorruptLog(RuntimeError):
    """A stored log that does not replay to its snapshot (our bug, never a client's)."""


class MoveRecorder:
    """Collects the compact entry of every move applied to `state` while attached."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.entries: list[int] = []
        state.on_move = self._record

    def _record(self, seat: int, move: Move) -> None:
        # Runs before the move changes anything: raising here refuses it (a server error).
        legal = self.state.legal_moves(seat)
        if move not in legal:
            raise CorruptLog(f"an accepted move is not among the legal moves: {move}")
        self.entries.append(legal.index(move) * self.state.n_players + seat)

    def detach(self) -> list[int]:
        """Stop recording; the entries of the moves applied meanwhile."""
        self.state.on_move = None
        return self.entries


def pack(entries: Iterable[int]) -> bytes:
    """Entries as bytes (appending packed entries to packed entries packs them all)."""
    out = bytearray()
    for entry in entries:
        while entry >= 0x80:
            out.append(entry & 0x7F | 0x80)
            entry >>= 7
        out.append(entry)
    return bytes(out)


def unpack(data: bytes) -> list[int]:
    """The entries that `pack` wrote; CorruptLog for bytes that end inside an entry."""
    entries, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            entries.append(value)
            value, shift = 0, 0
    if shift:
        raise CorruptLog("the stored log ends inside an entry")
    return entries


def fresh_state(snapshot: Mapping[str, Any]) -> GameState:
    """Round 1 as dealt, for the game a snapshot (or a full state) belongs to."""
    rules = get_rules(snapshot["game"])
    seed = DeckRng.from_dict(snapshot["rng"]).seed
    return rules.new_state(list(snapshot["names"]), dict(snapshot["options"]), seed)


def decode(state: GameState, entry: int) -> tuple[int, Move] | None:
    """The seat and the move a stored entry names in `state` (None: no legal move there)."""
    index, seat = divmod(entry, state.n_players)
    legal = state.legal_moves(seat)
    return (seat, legal[index]) if index < len(legal) else None


def replay(snapshot: Mapping[str, Any], entries: Iterable[int]) -> GameState:
    """The state with its whole engine log, from the seed and the stored entries; checked
    against the stored snapshot."""
    state = fresh_state(snapshot)
    for number, entry in enumerate(entries):
        named = decode(state, entry)
        if named is None:
            raise CorruptLog(f"log entry {number} names no legal move")
        state.apply(*named)
    if state.snapshot() != dict(snapshot):
        raise CorruptLog("the stored moves do not replay to the stored snapshot")
    return state


def encode_log(state: GameState) -> list[int]:
    """The compact entries of a state loaded with its whole engine log (a document of the
    release before the compact log); CorruptLog when the seed does not deal it again."""
    fresh = fresh_state(state.snapshot())
    recorder = MoveRecorder(fresh)
    for entry in state.log:
        if entry["type"] == "move":
            fresh.apply(entry["seat"], entry["move"])
    entries = recorder.detach()
    if fresh.log != state.log:
        raise CorruptLog("the stored log is not what its seed deals")
    return entries


__all__ = ["CorruptLog", "MoveRecorder", "encode_log", "fresh_state", "pack", "replay", "unpack"]
