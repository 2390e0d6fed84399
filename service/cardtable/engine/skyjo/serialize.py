"""Skyjo state <-> plain JSON data, and the checks that reject an impossible state."""

from __future__ import annotations

from collections.abc import Mapping
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
    from cardtable.engine.skyjo.state import SkyjoState

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
LOG_KEYS = {
    "deal": {"type", "round", "grids", "discard", "draw_pile"},
    "move": {"type", "seat", "move"},
    "reshuffle": {"type", "draw_pile"},
}


def copy_json(data: JSON) -> JSON:
    """A deep copy of plain JSON data (lists and dicts are copied, leaves are immutable)."""
    if isinstance(data, dict):
        return {key: copy_json(value) for key, value in data.items()}
    if isinstance(data, list):
        return [copy_json(value) for value in data]
    return data


def copy_log(log: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    """A deep copy of a log whose entries have the shapes `_log` checks (states are
    serialized after every move and logs grow long, so no generic walk)."""
    copied: list[dict[str, JSON]] = []
    for entry in log:
        kind = entry["type"]
        if kind == "move":
            copied.append({"type": "move", "seat": entry["seat"], "move": dict(entry["move"])})
        elif kind == "deal":
            copied.append(
                {
                    "type": "deal",
                    "round": entry["round"],
                    "grids": [list(grid) for grid in entry["grids"]],
                    "discard": entry["discard"],
                    "draw_pile": list(entry["draw_pile"]),
                }
            )
        else:
            copied.append({"type": "reshuffle", "draw_pile": list(entry["draw_pile"])})
    return copied


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
        "rounds": copy_json(state.rounds),
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


def _cards(value: object, name: str) -> list[int]:
    return [_card(card, name) for card in _list(value, name)]


def _grid(value: object, seat: int) -> Grid:
    name = f"grids[{seat}]"
    if not isinstance(value, Mapping) or set(value) != {"cards", "face_up"}:
        _fail(f"{name} must be an object with cards and face_up")
    cards: list[int | None] = [
        None if card is None else _card(card, f"{name}.cards")
        for card in _list(value["cards"], f"{name}.cards", GRID_SIZE)
    ]
    face_up = _list(value["face_up"], f"{name}.face_up", GRID_SIZE)
    if not all(isinstance(up, bool) for up in face_up):
        _fail(f"{name}.face_up must hold booleans")
    grid = Grid(cards=cards, face_up=list(face_up))
    for col in range(COLS):
        column = [cards[index] for index in column_positions(col)]
        if None in column and column != [None, None, None]:
            _fail(f"{name}: only whole columns can be removed")
        if column == [None, None, None] and not all(
            face_up[index] for index in column_positions(col)
        ):
            _fail(f"{name}: removed positions count as face up")
        if grid.complete_column(col) is not None:
            _fail(f"{name}: column {col} is complete and should have been removed")
    return grid


def _round_result(value: object, index: int, n: int, penalty: bool) -> dict[str, Any]:
    name = f"rounds[{index}]"
    if not isinstance(value, Mapping) or set(value) != ROUND_KEYS:
        _fail(f"{name} must be an object with {', '.join(sorted(ROUND_KEYS))}")
    if value["round"] != index + 1:
        _fail(f"{name}.round must be {index + 1}")
    finisher = _seat(value["finisher"], f"{name}.finisher", n)
    card_totals = [_int(t, f"{name}.card_totals") for t in _list(value["card_totals"], name, n)]
    scores = [_int(s, f"{name}.scores") for s in _list(value["scores"], f"{name}.scores", n)]
    if scores != round_scores(card_totals, finisher, finisher_penalty=penalty):
        _fail(f"{name}.scores do not follow from its card totals")
    grids = _list(value["grids"], f"{name}.grids", n)
    for seat, cells in enumerate(grids):
        cells = _list(cells, f"{name}.grids[{seat}]", GRID_SIZE)
        values = [c if c == REMOVED else _card(c, f"{name}.grids") for c in cells]
        if sum(v for v in values if isinstance(v, int)) != card_totals[seat]:
            _fail(f"{name}.grids[{seat}] does not add up to its card total")
    for seat, positions in enumerate(_list(value["revealed"], f"{name}.revealed", n)):
        for pos in _list(positions, f"{name}.revealed[{seat}]"):
            _int(pos, f"{name}.revealed", 0, GRID_SIZE - 1)
    return copy_json(dict(value))  # type: ignore[no-any-return]


def _card_list(value: object, name: str, length: int | None = None) -> None:
    cards = _list(value, name, length)
    if not all(type(card) is int for card in cards) or (
        cards and not LOWEST_CARD <= min(cards) <= max(cards) <= HIGHEST_CARD
    ):
        _fail(f"{name} must hold cards from {LOWEST_CARD} to {HIGHEST_CARD}")


def _log_entry(entry: object, index: int, n: int) -> None:
    name = f"log[{index}]"
    if not isinstance(entry, Mapping) or entry.get("type") not in LOG_TYPES:
        _fail(f"{name} must be an object of type deal, move or reshuffle")
    kind = entry["type"]
    if set(entry) != LOG_KEYS[kind]:
        _fail(f"{name}: a {kind} entry has exactly {', '.join(sorted(LOG_KEYS[kind]))}")
    if kind == "move":
        _seat(entry["seat"], f"{name}.seat", n)
        move = entry["move"]
        if (
            type(move) is not dict
            or tuple(move.items()) not in NORMAL_MOVES
            or not all(type(value) in (str, int) for value in move.values())
        ):
            _fail(f"{name}.move must be a well-formed move with its fields in order")
    elif kind == "deal":
        _int(entry["round"], f"{name}.round", 1)
        for grid in _list(entry["grids"], f"{name}.grids", n):
            _card_list(grid, f"{name}.grids", GRID_SIZE)
        _card(entry["discard"], f"{name}.discard")
        _card_list(entry["draw_pile"], f"{name}.draw_pile")
    else:
        _card_list(entry["draw_pile"], f"{name}.draw_pile")


def _log(value: object, version: int, n: int) -> list[dict[str, JSON]]:
    entries = _list(value, "log")
    moves = 0
    for index, entry in enumerate(entries):
        # The common case first, in line: logs hold hundreds of moves and states are loaded
        # on every request.
        if (
            type(entry) is dict
            and len(entry) == 3
            and entry.get("type") == "move"
            and type(entry.get("seat")) is int
            and 0 <= entry["seat"] < n
            and type(entry.get("move")) is dict
            and tuple(entry["move"].items()) in NORMAL_MOVES
            and all(type(v) in (str, int) for v in entry["move"].values())
        ):
            moves += 1
            continue
        _log_entry(entry, index, n)
        moves += entry["type"] == "move"
    if not entries or entries[0]["type"] != "deal":
        _fail("the log opens with the first deal")
    if moves != version:
        _fail(f"the log holds {moves} moves but version is {version}")
    return copy_log(entries)


# -- the whole state ---------------------------------------------------------------------


def state_from_dict(data: Mapping[str, Any]) -> SkyjoState:
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
    if not isinstance(options, Mapping) or set(options) != {spec.name for spec in OPTION_SPECS}:
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
    discard = _cards(data["discard"], "discard")[::-1]
    draw_pile = _cards(data["draw_pile"], "draw_pile")[::-1]
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
