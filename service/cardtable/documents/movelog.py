"""The compact stored log of a game: one small integer per move, nothing that the seed can
re-derive, and the replay that turns it back into the engine's full log.

A stored move is its content, not its position: its number in the game's static move space
(`GameState.move_space`, every move a table of that size could ever make, derived from the
game's declared `MOVES`), so a change to how `legal_moves()` is generated changes nothing
stored. When exactly one seat may act (nearly always) the number is the entry; when several
may (Skyjo's simultaneous reveals) the entry is `size * (1 + seat) + number`. Entries are
packed as variable-length unsigned integers (one byte below 128, which is every move of a
two-player Skyjo or Skip-Bo game without partners; seven bits a byte, the high bit saying
more follow). Such a log opens with the entry `CONTENT_LOG` (never a move's), which marks
its form; a game without moves has an empty log.

The release before stored a move as `index * n_players + seat`, `index` being its position
in `legal_moves(seat)`; such logs (no `CONTENT_LOG` entry) are still read: `entries` hands
each of their entries back as `~entry` (negative), which `decode` reads that way. Games
stored so are rewritten in the content form when next written (`games.GameService.save`),
unless the service writes the release before's form (CARDTABLE_WRITE_SCHEMA 4).

Deals and reshuffles are not stored: they come from the game's seed, so replaying the moves
from a fresh game of the same seed, names and options gives the engine's log exactly. The
replay checks every step (a move that is not legal there, or a final state that differs
from the stored snapshot, is an error, never a silently different game).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardtable_engine.base import EngineError, GameState, Move
from cardtable_engine.cards import DeckRng
from cardtable_engine.registry import get_rules

CONTENT_LOG = 1 << 20
"""The first entry of a log in the content form (three bytes; no move's entry is as large
in either form)."""


class CorruptLog(RuntimeError):
    """A stored log that does not replay to its snapshot (our bug, never a client's)."""


def content_entry(state: GameState, seat: int, move: Move) -> int:
    """The stored entry of `move` by `seat`, which may act in `state` (before the move)."""
    space = state.move_space(state.n_players)
    number = space.number(move)
    if number is None:
        raise CorruptLog(f"an accepted move is not in {state.game}'s move space: {move}")
    if state.active_seats() == [seat]:
        return number
    return len(space) * (1 + seat) + number


def position_entry(state: GameState, seat: int, move: Move) -> int:
    """The entry of the release before: the move's position among the legal moves."""
    legal = state.legal_moves(seat)
    if move not in legal:
        raise CorruptLog(f"an accepted move is not among the legal moves: {move}")
    return legal.index(move) * state.n_players + seat


class MoveRecorder:
    """Collects the stored entry of every move applied to `state` while attached, in the
    content form, or in the release before's (`positional`)."""

    def __init__(self, state: GameState, *, positional: bool = False) -> None:
        self.state = state
        self.positional = positional
        self.entries: list[int] = []
        self.empty = state.version == 0
        """Whether the stored log is still empty (no move made before the recording)."""
        self._entry = position_entry if positional else content_entry
        state.on_move = self._record

    def _record(self, seat: int, move: Move) -> None:
        # Runs before the move changes anything: raising here refuses it (a server error).
        self.entries.append(self._entry(self.state, seat, move))

    def detach(self) -> list[int]:
        """Stop recording; the entries of the moves applied meanwhile."""
        self.state.on_move = None
        return self.entries

    def pending(self) -> bytes:
        """The bytes to append to the stored log for the moves recorded since the last
        write (the first moves of a log in the content form open it with `CONTENT_LOG`)."""
        if self.empty:
            return log_bytes(self.entries, positional=self.positional)
        return pack(self.entries)

    def written(self) -> None:
        """The pending moves are stored: record the next ones from here."""
        self.empty = self.empty and not self.entries
        self.entries = []


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


def log_bytes(entries: list[int], *, positional: bool = False) -> bytes:
    """A whole new stored log of `entries` (content form: opened by `CONTENT_LOG`, unless
    there is no move yet)."""
    return pack(entries if positional or not entries else [CONTENT_LOG, *entries])


def entries(data: bytes) -> list[int]:
    """The moves of a stored log, one entry each: content entries as stored, entries of
    the release before's form as `~entry` (see `decode`)."""
    found = unpack(data)
    if found and found[0] == CONTENT_LOG:
        return found[1:]
    return [~entry for entry in found]


def fresh_state(snapshot: Mapping[str, Any]) -> GameState:
    """Round 1 as dealt, for the game a snapshot (or a full state) belongs to."""
    rules = get_rules(snapshot["game"])
    seed = DeckRng.from_dict(snapshot["rng"]).seed
    state = rules.new_state(list(snapshot["names"]), dict(snapshot["options"]), seed)
    # The options as stored, as loading keeps them: a state written before a later option
    # (max_turns, null by default) lacks it, and its replay must equal it.
    state.options = dict(snapshot["options"])
    return state


def decode(state: GameState, entry: int) -> tuple[int, Move] | None:
    """The seat and the move a stored entry (from `entries`) names in `state` (None: no
    legal move there)."""
    if entry < 0:
        index, seat = divmod(~entry, state.n_players)
        legal = state.legal_moves(seat)
        return (seat, legal[index]) if index < len(legal) else None
    space = state.move_space(state.n_players)
    times, number = divmod(entry, len(space))
    if times:
        seat = times - 1
    else:
        seats = state.active_seats()
        if len(seats) != 1:
            return None
        seat = seats[0]
    if seat >= state.n_players:
        return None
    move = space.move(number)
    return (seat, move) if move in state.legal_moves(seat) else None


def apply_entries(state: GameState, stored: Iterable[int]) -> GameState:
    """`state` after the stored moves (from `entries`); CorruptLog at the first that names
    no legal move."""
    for number, entry in enumerate(stored):
        named = decode(state, entry)
        if named is None:
            raise CorruptLog(f"log entry {number} names no legal move")
        try:
            state.apply(*named)
        except EngineError as error:
            raise CorruptLog(f"log entry {number}: {error}") from None
    return state


def replay(snapshot: Mapping[str, Any], stored: Iterable[int]) -> GameState:
    """The state with its whole engine log, from the seed and the stored entries (from
    `entries`); checked against the stored snapshot."""
    state = apply_entries(fresh_state(snapshot), stored)
    if state.snapshot() != dict(snapshot):
        raise CorruptLog("the stored moves do not replay to the stored snapshot")
    return state


def encode_log(state: GameState, *, positional: bool = False) -> list[int]:
    """The stored entries of a state with its whole engine log (a document of the releases
    before the compact log, a game dealt since it was read, a log rewritten in the other
    form); CorruptLog when the seed does not deal it again."""
    fresh = fresh_state(state.snapshot())
    recorder = MoveRecorder(fresh, positional=positional)
    for entry in state.log:
        if entry["type"] == "move":
            fresh.apply(entry["seat"], entry["move"])
    found = recorder.detach()
    if fresh.log != state.log:
        raise CorruptLog("the stored log is not what its seed deals")
    return found


__all__ = [
    "CONTENT_LOG",
    "CorruptLog",
    "MoveRecorder",
    "apply_entries",
    "decode",
    "encode_log",
    "entries",
    "fresh_state",
    "log_bytes",
    "pack",
    "replay",
    "unpack",
]
