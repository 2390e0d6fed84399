"""Skyjo state <-> plain JSON data, and the checks that reject an impossible state."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import TYPE_CHECKING, Any, NoReturn

from cardtable.engine.base import JSON, DeckRng, EngineError, InvalidState
from cardtable.engine.skyjo.cards import (
    COLS,
    DECK_COUNTS,
    GRID_SIZE,
    HIGHEST_CARD,
    LOWEST_CARD,
    ROWS,
    column_positions,
)
from cardtable.engine.skyjo.grid import REMOVED, Grid
from cardtable.engine.skyjo.moves import MOVE_TYPES
from cardtable.engine.skyjo.options import OPTION_SPECS
from cardtable.engine.skyjo.scoring import is_game_over, round_scores

if TYPE_CHECKING:
    from cardtable.engine.skyjo.state import RoundResult, SkyjoState

PHASES = ("reveal", "play", "over")
STATE_KEYS = {
    "game",
    "schema_version",
    "names",
    "options",
    "version",
    "rng",
    "round",
    "phase",
    "grids",
    "discard",
    "draw_pile",
    "reveals_left",
    "current",
    "drawn",
    "finisher",
    "final_lap",
    "rounds",
    "log",
}
ROUND_KEYS = {"round", "scores", "finisher", "card_totals", "grids", "revealed"}
GRID_KEYS = {"cards", "face_up"}
LOG_TYPES = ("deal", "move", "reshuffle")
NORMAL_MOVES = {
    tuple(move.items())
    for move in [{"type": "draw"}]
    + [
        {"type": kind, "row": row, "col": col}
        for kind in MOVE_TYPES
        if kind != "draw"
        for row in range(ROWS)
        for col in range(COLS)
    ]
}
"""Every move as `parse_move` writes it to the log (type first, then row and col)."""
POSITION_MOVES = frozenset(
    (kind, row, col)
    for kind in MOVE_TYPES
    if kind != "draw"
    for row in range(ROWS)
    for col in range(COLS)
)
"""The (type, row, col) of every move but draw, for the quick check of logged moves."""
POSITION_MOVE_KEYS = ("type", "row", "col")
OPTION_NAMES = frozenset(spec.name for spec in OPTION_SPECS)
LOG_KEYS = {
    "deal": {"type", "round", "grids", "discard", "draw_pile"},
    "move": {"type", "seat", "move"},
    "reshuffle": {"type", "draw_pile"},
}
CARD_VALUES = frozenset(range(LOWEST_CARD, HIGHEST_CARD + 1))
GRID_POSITIONS = frozenset(range(GRID_SIZE))
# Sets of types: `set(map(type, values)) <= _INT_TYPE` checks a whole list in C (a bool is
# not an int here, unlike for isinstance).
_INT_TYPE = frozenset({int})
_BOOL_TYPE = frozenset({bool})
_LIST_TYPE = frozenset({list})
_MOVE_VALUE_TYPES = frozenset({str, int})
_CELL_TYPES = frozenset({int, str})
_CELL_VALUES = CARD_VALUES | {REMOVED}


def copy_log(log: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    """A deep copy of a log whose entries have the shapes `_log` checks (states are
    serialized after every move and logs grow long, so one tight pass, no generic walk)."""
    copied: list[dict[str, JSON]] = []
    append = copied.append
    for entry in log:
        kind = entry["type"]
        if kind == "move":
            append({"type": "move", "seat": entry["seat"], "move": entry["move"].copy()})
        elif kind == "deal":
            append(
                {
                    "type": "deal",
                    "round": entry["round"],
                    "grids": [list(grid) for grid in entry["grids"]],
                    "discard": entry["discard"],
                    "draw_pile": list(entry["draw_pile"]),
                }
            )
        else:
            append({"type": "reshuffle", "draw_pile": list(entry["draw_pile"])})
    return copied


def copy_round(result: RoundResult) -> RoundResult:
    """A deep copy of a round result (the shape `_round_result` checks)."""
    return {
        "round": result["round"],
        "scores": list(result["scores"]),
        "finisher": result["finisher"],
        "card_totals": list(result["card_totals"]),
        "grids": [list(cells) for cells in result["grids"]],
        "revealed": [list(positions) for positions in result["revealed"]],
    }


def state_to_dict(state: SkyjoState) -> dict[str, JSON]:
    return {
        "game": state.game,
        "schema_version": state.SCHEMA_VERSION,
        "names": list(state.names),
        "options": dict(state.options),
        "version": state.version,
        "rng": state.rng.to_dict(),
        "round": state.round,
        "phase": state.phase,
        "grids": [{"cards": list(g.cards), "face_up": list(g.face_up)} for g in state.grids],
        # Every pile is written top first, like the record's deal entries.
        "discard": state.discard[::-1],
        "draw_pile": state.draw_pile[::-1],
        "reveals_left": list(state.reveals_left),
        "current": state.current,
        "drawn": state.drawn,
        "finisher": state.finisher,
        "final_lap": list(state.final_lap),
        "rounds": [copy_round(result) for result in state.rounds],
        "log": copy_log(state.log),
    }


# -- validation helpers ------------------------------------------------------------------


def _fail(message: str) -> NoReturn:
    raise InvalidState(f"invalid Skyjo state: {message}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: object, name: str, low: int | None = None, high: int | None = None) -> int:
    if not _is_int(value):
        _fail(f"{name} must be an integer")
    number: int = value  # type: ignore[assignment]
    if (low is not None and number < low) or (high is not None and number > high):
        _fail(f"{name} must be between {low} and {high}")
    return number


def _seat(value: object, name: str, n: int, *, nullable: bool = False) -> int | None:
    if value is None and nullable:
        return None
    return _int(value, name, 0, n - 1)


def _card(value: object, name: str) -> int:
    return _int(value, name, LOWEST_CARD, HIGHEST_CARD)


def _list(value: object, name: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        _fail(f"{name} must be a list")
    if length is not None and len(value) != length:
        _fail(f"{name} must hold {length} entries")
    return value


def _all_in(values: list[Any], allowed: frozenset[int]) -> bool:
    """Are all `values` integers (bools and 1.0 are not) from the `allowed` set?

    Piles hold up to 150 cards and a state is loaded on every request, so this is two
    C-level passes over the list (the set of types, then set membership) rather than a
    check per card.
    """
    return set(map(type, values)) <= _INT_TYPE and allowed.issuperset(values)


def _card_list(value: object, name: str, length: int | None = None) -> list[int]:
    """`value`, checked to be a list of cards (the list itself, not a copy)."""
    cards = _list(value, name, length)
    if not _all_in(cards, CARD_VALUES):
        _fail(f"{name} must hold cards from {LOWEST_CARD} to {HIGHEST_CARD}")
    return cards


def _grid(value: object, seat: int) -> Grid:
    name = f"grids[{seat}]"
    if not isinstance(value, Mapping) or value.keys() != GRID_KEYS:
        _fail(f"{name} must be an object with cards and face_up")
    cards: list[int | None] = list(_list(value["cards"], f"{name}.cards", GRID_SIZE))
    if not _all_in([card for card in cards if card is not None], CARD_VALUES):
        _fail(f"{name}.cards must hold cards from {LOWEST_CARD} to {HIGHEST_CARD}, or null")
    face_up = list(_list(value["face_up"], f"{name}.face_up", GRID_SIZE))
    if not set(map(type, face_up)) <= _BOOL_TYPE:
        _fail(f"{name}.face_up must hold booleans")
    grid = Grid(cards=cards, face_up=face_up)
    for col in range(COLS):
        top, middle, bottom = column_positions(col)
        first, second, third = cards[top], cards[middle], cards[bottom]
        if first is None or second is None or third is None:
            if not (first is None and second is None and third is None):
                _fail(f"{name}: only whole columns can be removed")
            if not (face_up[top] and face_up[middle] and face_up[bottom]):
                _fail(f"{name}: removed positions count as face up")
        elif first == second == third and grid.complete_column(col) is not None:
            _fail(f"{name}: column {col} is complete and should have been removed")
    return grid


def _round_result(value: object, index: int, n: int, penalty: bool) -> RoundResult:
    """A checked copy of a round result."""
    name = f"rounds[{index}]"
    if not isinstance(value, Mapping) or value.keys() != ROUND_KEYS:
        _fail(f"{name} must be an object with {', '.join(sorted(ROUND_KEYS))}")
    if type(value["round"]) is not int or value["round"] != index + 1:
        _fail(f"{name}.round must be {index + 1}")
    finisher = _seat(value["finisher"], name + ".finisher", n)
    card_totals = _list(value["card_totals"], name + ".card_totals", n)
    scores = _list(value["scores"], name + ".scores", n)
    if not set(map(type, card_totals + scores)) <= _INT_TYPE:
        _fail(f"{name}.card_totals and scores must be integers")
    if scores != round_scores(card_totals, finisher, finisher_penalty=penalty):
        _fail(f"{name}.scores do not follow from its card totals")
    grids = _list(value["grids"], name + ".grids", n)
    revealed = _list(value["revealed"], name + ".revealed", n)
    if not (
        set(map(type, grids)) <= _LIST_TYPE
        and set(map(len, grids)) == {GRID_SIZE}
        and set(map(type, revealed)) <= _LIST_TYPE
        and _all_in(list(chain.from_iterable(revealed)), GRID_POSITIONS)
    ):
        _fail(f"{name}: grids must list {GRID_SIZE} positions and revealed grid positions")
    cells = list(chain.from_iterable(grids))
    if not (set(map(type, cells)) <= _CELL_TYPES and _CELL_VALUES.issuperset(cells)):
        _fail(f"{name}.grids must hold cards or {REMOVED!r}")
    # With the types checked, the values in CARD_VALUES are the cards (not REMOVED).
    if [sum(filter(CARD_VALUES.__contains__, seat_cells)) for seat_cells in grids] != card_totals:
        _fail(f"{name}.grids do not add up to its card totals")
    return copy_round(
        {
            "round": index + 1,
            "scores": scores,
            "finisher": finisher,
            "card_totals": card_totals,
            "grids": grids,
            "revealed": revealed,
        }
    )


def _log_entry(entry: object, index: int, n: int) -> dict[str, JSON]:
    """A checked copy of any log entry (the slow path, which says what is wrong)."""
    name = f"log[{index}]"
    if not isinstance(entry, Mapping) or entry.get("type") not in LOG_TYPES:
        _fail(f"{name} must be an object of type deal, move or reshuffle")
    kind = entry["type"]
    if entry.keys() != LOG_KEYS[kind]:
        _fail(f"{name}: a {kind} entry has exactly {', '.join(sorted(LOG_KEYS[kind]))}")
    if kind == "move":
        seat = _seat(entry["seat"], name + ".seat", n)
        move = entry["move"]
        # The value types first: a list or an object there cannot be looked up in a set.
        if (
            type(move) is not dict
            or not set(map(type, move.values())) <= _MOVE_VALUE_TYPES
            or tuple(move.items()) not in NORMAL_MOVES
        ):
            _fail(f"{name}.move must be a well-formed move with its fields in order")
        return {"type": "move", "seat": seat, "move": dict(move)}
    draw_pile = _card_list(entry["draw_pile"], name + ".draw_pile")
    if kind == "reshuffle":
        return {"type": "reshuffle", "draw_pile": list(draw_pile)}
    grids = _list(entry["grids"], name + ".grids", n)
    if not (
        set(map(type, grids)) <= _LIST_TYPE
        and set(map(len, grids)) == {GRID_SIZE}
        and _all_in(list(chain.from_iterable(grids)), CARD_VALUES)
    ):
        _fail(f"{name}.grids must list {n} grids of {GRID_SIZE} cards")
    return {
        "type": "deal",
        "round": _int(entry["round"], name + ".round", 1),
        "grids": [list(grid) for grid in grids],
        "discard": _card(entry["discard"], name + ".discard"),
        "draw_pile": list(draw_pile),
    }


def _log(value: object, version: int, n: int) -> list[dict[str, JSON]]:
    """The checked log (a new list). Moves and deals that are plain dicts are kept as they
    are, not copied (see `state_from_dict`): the engine never changes a logged entry."""
    entries = _list(value, "log")
    try:
        log, moves = _quick_log(entries, n)
    except (KeyError, TypeError):
        # An entry the quick reads cannot take (no "type", a list where an object belongs):
        # every entry gets the full check, which says which one is wrong.
        log = [_log_entry(entry, index, n) for index, entry in enumerate(entries)]
        moves = sum(entry["type"] == "move" for entry in log)
    if not log or log[0]["type"] != "deal":
        _fail("the log opens with the first deal")
    if moves != version:
        _fail(f"the log holds {moves} moves but version is {version}")
    return log


def _quick_log(entries: list[Any], n: int) -> tuple[list[dict[str, JSON]], int]:
    """The checked log and its number of moves; KeyError or TypeError for an entry whose
    keys or types it cannot read.

    Logs hold hundreds of moves and a state is loaded on every request, so a move is
    checked here in line, without calls, and accepted only if it is one of NORMAL_MOVES
    (three keys of which "type", "seat" and "move" are present are exactly those; five
    with "type", "round", "grids", "draw_pile" and "discard" are a deal's). Any other
    entry, or one these checks refuse, gets the full check, which says what is wrong.
    """
    log: list[dict[str, JSON]] = []
    append = log.append
    others = 0
    for entry in entries:
        if type(entry) is dict and len(entry) == 3 and entry["type"] == "move":
            seat = entry["seat"]
            move = entry["move"]
            if type(seat) is int and 0 <= seat < n and type(move) is dict:
                kind = move["type"]
                if type(kind) is str and (
                    (len(move) == 1 and kind == "draw")
                    or (
                        len(move) == 3
                        and type(row := move["row"]) is int
                        and type(col := move["col"]) is int
                        and (kind, row, col) in POSITION_MOVES
                        and tuple(move) == POSITION_MOVE_KEYS
                    )
                ):
                    append(entry)
                    continue
        elif type(entry) is dict and len(entry) == 5 and entry["type"] == "deal":
            # Once a round: all its cards in one check, and the entry kept as it is.
            grids = entry["grids"]
            draw_pile = entry["draw_pile"]
            number = entry["round"]
            discard = entry["discard"]
            if (
                type(number) is int
                and number >= 1
                and type(discard) is int
                and discard in CARD_VALUES
                and type(grids) is list
                and len(grids) == n
                and type(draw_pile) is list
                and set(map(type, grids)) <= _LIST_TYPE
                and set(map(len, grids)) == {GRID_SIZE}
                and _all_in([*chain.from_iterable(grids), *draw_pile], CARD_VALUES)
            ):
                append(entry)
                others += 1
                continue
        checked = _log_entry(entry, len(log), n)
        others += checked["type"] != "move"
        append(checked)
    return log, len(log) - others


# -- the whole state ---------------------------------------------------------------------


def state_from_dict(data: Mapping[str, Any]) -> SkyjoState:
    """Rebuild a state, or raise InvalidState saying what is wrong.

    The state takes over the log's moves and deals instead of copying them (logs hold
    hundreds of entries, and a state is loaded on every request): `data` must not be
    changed afterwards. A `json.loads` result or a fresh `to_dict()` is the caller's to
    give. Everything else is copied.
    """
    try:
        return _state_from_dict(data)
    except InvalidState:
        raise
    except (EngineError, TypeError, ValueError, KeyError) as error:
        _fail(str(error))


def _state_from_dict(data: Mapping[str, Any]) -> SkyjoState:
    from cardtable.engine.skyjo.state import SkyjoState

    if not isinstance(data, Mapping):
        _fail("expected an object")
    if data.get("game") != "skyjo":
        _fail(f"game must be 'skyjo', not {data.get('game')!r}")
    if data.get("schema_version") != SkyjoState.SCHEMA_VERSION:
        _fail(f"unknown schema_version {data.get('schema_version')!r}")
    if set(data) != STATE_KEYS:
        _fail(f"expected exactly the keys {', '.join(sorted(STATE_KEYS))}")

    names = _list(data["names"], "names")
    if not 2 <= len(names) <= 8 or not all(isinstance(name, str) for name in names):
        _fail("names must be 2 to 8 strings")
    n = len(names)
    options = data["options"]
    if not isinstance(options, Mapping) or options.keys() != OPTION_NAMES:
        _fail("options must list every Skyjo option")
    for spec in OPTION_SPECS:
        spec.check(options[spec.name])
    version = _int(data["version"], "version", 0)
    rng = DeckRng.from_dict(data["rng"]) if isinstance(data["rng"], Mapping) else None
    if rng is None:
        _fail("rng must be an object")
    number = _int(data["round"], "round", 1)
    phase = data["phase"]
    if phase not in PHASES:
        _fail(f"phase must be one of {', '.join(PHASES)}")

    grids = [_grid(grid, seat) for seat, grid in enumerate(_list(data["grids"], "grids", n))]
    discard = _card_list(data["discard"], "discard")[::-1]
    draw_pile = _card_list(data["draw_pile"], "draw_pile")[::-1]
    reveals_left = [
        _int(left, "reveals_left", 0, options["initial_reveals"])
        for left in _list(data["reveals_left"], "reveals_left", n)
    ]
    current = _seat(data["current"], "current", n, nullable=True)
    drawn = None if data["drawn"] is None else _card(data["drawn"], "drawn")
    finisher = _seat(data["finisher"], "finisher", n, nullable=True)
    final_lap = [_seat(s, "final_lap", n) for s in _list(data["final_lap"], "final_lap")]
    penalty = options["finisher_penalty"]
    rounds = [
        _round_result(result, index, n, penalty)
        for index, result in enumerate(_list(data["rounds"], "rounds"))
    ]
    log = _log(data["log"], version, n)

    state = SkyjoState(
        names=list(names),
        options=dict(options),
        rng=rng,
        version=version,
        round=number,
        phase=phase,
        grids=grids,
        discard=discard,
        draw_pile=draw_pile,
        reveals_left=reveals_left,
        current=current,
        drawn=drawn,
        finisher=finisher,
        final_lap=[seat for seat in final_lap if seat is not None],
        rounds=rounds,
        log=log,
    )
    _check_consistency(state)
    return state


def _check_consistency(state: SkyjoState) -> None:
    """The cross-field facts every reachable state satisfies."""
    n = state.n_players
    options = state.options
    if state.card_counts() != DECK_COUNTS:
        _fail("the cards in all zones are not exactly the 150-card deck")
    if not state.discard:
        _fail("the discard pile is never empty")
    ended = is_game_over(
        state.totals(), len(state.rounds), options["end_score"], options["max_rounds"]
    )
    if state.phase == "over":
        if not ended or len(state.rounds) != state.round:
            _fail("a finished game ends with its last round scored")
        if state.current is not None or state.drawn is not None or state.finisher is not None:
            _fail("a finished game has no current seat, drawn card or finisher")
        if state.final_lap or any(grid.face_down_count() for grid in state.grids):
            _fail("a finished game has every card revealed and no final lap")
        return
    if ended or len(state.rounds) != state.round - 1:
        _fail("rounds must list every completed round before the current one")
    if state.phase == "reveal":
        if not any(state.reveals_left):
            _fail("the setup reveals are over once nobody has reveals left")
        if state.current is not None or state.drawn is not None or state.finisher is not None:
            _fail("nobody has a turn during the setup reveals")
        if state.final_lap:
            _fail("there is no final lap during the setup reveals")
        for seat, grid in enumerate(state.grids):
            if GRID_SIZE - grid.face_down_count() != (
                options["initial_reveals"] - state.reveals_left[seat]
            ):
                _fail(f"seat {seat}'s face-up cards do not match its reveals left")
        return
    # phase == "play"
    if any(state.reveals_left):
        _fail("nobody has reveals left once turns have begun")
    if state.current is None:
        _fail("someone has the turn while playing")
    for seat in state.final_lap:
        if state.grids[seat].face_down_count() == 0:
            _fail(f"seat {seat} has no face-down card yet still has its last turn")
    if state.finisher is None:
        if state.final_lap:
            _fail("there is no final lap before someone finishes")
        if any(grid.face_down_count() == 0 for grid in state.grids):
            _fail("a seat with no face-down card would be the finisher")
        return
    expected = [(state.finisher + step) % n for step in range(1, n)]
    lap = state.final_lap
    if not lap or lap != expected[len(expected) - len(lap) :]:
        _fail("the final lap lists the seats after the finisher that still play, in order")
    if state.current != lap[0]:
        _fail("during the final lap the current seat is the first one still to play")
    if state.grids[state.finisher].face_down_count():
        _fail("the finisher has no face-down card left")
