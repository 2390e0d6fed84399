"""What a bot sees: views and move lists as plain JSON dicts and lists, with readable reprs.

A view is exactly the JSON object the server answers for `GET /games/{id}` (local play
builds the same object), so bots index it like any dict: `view["players"][view["seat"]]`.
`View` only adds a summary `repr`, `describe()` for a full text picture, and a few read-only
shortcuts; it compares equal to the plain dict, and `dict(view)` or `json.dumps(view)` give
the data back unchanged. Moves are the contract's flat dicts, e.g. `{"type": "draw"}`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

Move = dict[str, Any]
"""A move is the API contract's flat JSON object, e.g. {"type": "replace", "row": 0, "col": 3}."""

__all__ = [
    "Move",
    "MoveList",
    "MoveResult",
    "SkipBoView",
    "SkyjoView",
    "Turn",
    "View",
    "format_move",
    "make_view",
]

SKIPBO_WILD = 0
SKYJO_COLS = 4


def _card(value: Any) -> str:
    """A Skip-Bo card: its number, or SB for the wild SKIP-BO card (0)."""
    return "SB" if value == SKIPBO_WILD else str(value)


def _card_or_dash(value: Any) -> str:
    """A card, or "-" where there is none (an empty pile)."""
    return _card(value) if value is not None else "-"


def _piles(piles: Iterable[Iterable[Any]]) -> str:
    """Piles of cards, each in brackets: "[1 2] [] [SB]"."""
    return " ".join("[" + " ".join(_card(c) for c in pile) + "]" for pile in piles)


def format_move(move: Mapping[str, Any]) -> str:
    """A short human form of a move: `draw`, `replace(0,3)`, `play(hand 5 -> B2)`…"""
    kind = str(move.get("type"))
    if "row" in move or "col" in move:
        return f"{kind}({move.get('row')},{move.get('col')})"
    if kind == "play":
        source = move.get("source")
        if source == "hand":
            origin = f"hand {_card(move.get('card'))}"
        elif source == "discard":
            origin = f"discard D{move.get('pile')}"
        else:
            origin = str(source)
        if "owner" in move:
            origin += f" of seat {move['owner']}"
        return f"play({origin} -> B{move.get('target')})"
    if kind == "discard" and "card" in move:
        return f"discard({_card(move.get('card'))} -> D{move.get('pile')})"
    extra = {k: v for k, v in move.items() if k != "type"}
    return kind if not extra else f"{kind}{extra}"


class MoveList(list[Move]):
    """The legal moves of a seat: a plain list of move dicts with a compact repr, and the
    game `version` they are legal at (None when unknown)."""

    def __init__(self, moves: Iterable[Move] = (), version: int | None = None) -> None:
        super().__init__(moves)
        self.version = version

    def __repr__(self) -> str:
        if not self:
            return "MoveList(no legal moves)"
        shown = ", ".join(format_move(move) for move in self)
        return f"MoveList({len(self)}: {shown})"


class View(dict[str, Any]):
    """One seat's (or a spectator's) view of a game: the server's JSON object, unchanged."""

    @property
    def game(self) -> str:
        return str(self["game"])

    @property
    def version(self) -> int:
        return int(self["version"])

    @property
    def seat(self) -> int | None:
        seat = self.get("seat")
        return seat if isinstance(seat, int) else None

    @property
    def finished(self) -> bool:
        return bool(self.get("finished"))

    @property
    def active_seats(self) -> list[int]:
        return list(self.get("active_seats") or [])

    @property
    def is_my_turn(self) -> bool:
        """This view's seat may act now."""
        return self.seat is not None and self.seat in self.active_seats and not self.finished

    @property
    def me(self) -> dict[str, Any] | None:
        """This seat's entry of `players` (None for a spectator)."""
        if self.seat is None:
            return None
        player: dict[str, Any] = self["players"][self.seat]
        return player

    def _who(self) -> str:
        if self.finished:
            return f"finished, winners {self.get('winners')}"
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        step = self.get("step")
        if self.is_my_turn:
            return f"{who}, your turn ({step})"
        return f"{who}, waiting for {self.active_seats}"

    def _summary(self) -> str:
        return f"totals {self.get('totals')}"

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} v{self.get('version')} round {self.get('round')}, "
            f"{self._who()}: {self._summary()}>"
        )

    def describe(self) -> str:
        """A multi-line picture of the whole view, for logs and debugging."""
        lines = [repr(self)]
        for player in self.get("players", []):
            mark = "*" if player.get("seat") in self.active_seats else " "
            head = f"{mark} seat {player.get('seat')} {player.get('name')!s:<12} "
            lines.extend(self._player_lines(head, player))
        lines.extend(self._table_lines())
        return "\n".join(lines)

    def _player_lines(self, head: str, player: dict[str, Any]) -> list[str]:
        """One player's lines in `describe`, starting with `head` (mark, seat, name); a
        game's view says what to show."""
        return []

    def _table_lines(self) -> list[str]:
        """The lines `describe` ends with, about what the players share."""
        return []


def _skyjo_rows(cells: Iterable[Any]) -> list[list[str]]:
    shown = ["?" if c is None else ("x" if c == "removed" else str(c)) for c in cells]
    return [shown[i : i + SKYJO_COLS] for i in range(0, len(shown), SKYJO_COLS)]


def _skyjo_grid(cells: Iterable[Any]) -> str:
    return " / ".join(" ".join(row) for row in _skyjo_rows(cells))


class SkyjoView(View):
    """A Skyjo view. Grid cells, row by row: a number when face up, None when face down,
    "removed" once its column was discarded."""

    @property
    def grid(self) -> list[Any]:
        """This seat's 12 cells, row by row (empty for a spectator)."""
        me = self.me
        return list(me["grid"]) if me else []

    @property
    def drawn_card(self) -> int | None:
        """The card this seat drew and must now place or discard, if any."""
        drawn = self.get("drawn")
        if isinstance(drawn, dict) and drawn.get("seat") == self.seat:
            card = drawn.get("card")
            return card if isinstance(card, int) else None
        return None

    @property
    def discard_top(self) -> int | None:
        top = self.get("discard_top")
        return top if isinstance(top, int) else None

    def _summary(self) -> str:
        parts = []
        if self.me is not None:
            parts.append(f"grid [{_skyjo_grid(self.grid)}]")
        parts.append(f"discard {self.discard_top}")
        if self.drawn_card is not None:
            parts.append(f"drawn {self.drawn_card}")
        parts.append(f"totals {self.get('totals')}")
        return ", ".join(parts)

    def _player_lines(self, head: str, player: dict[str, Any]) -> list[str]:
        lines = [head + f"visible {player.get('visible_sum')!s:>3}  total {player.get('total')}"]
        for row in _skyjo_rows(player.get("grid", [])):
            lines.append("      " + " ".join(f"{cell:>3}" for cell in row))
        return lines

    def _table_lines(self) -> list[str]:
        return [f"  discard {self.discard_top}, draw pile {self.get('draw_pile_size')} cards"]


class SkipBoView(View):
    """A Skip-Bo view. Cards are 1..12, and 0 for the wild SKIP-BO card."""

    @property
    def hand(self) -> list[int]:
        """This seat's hand, sorted (empty for a spectator)."""
        return list(self.get("hand") or [])

    @property
    def stock_top(self) -> int | None:
        me = self.me
        top = me.get("stock_top") if me else None
        return top if isinstance(top, int) else None

    @property
    def building_next(self) -> list[int]:
        """The value each building pile needs next (1 for an empty pile)."""
        return [int(pile["next"]) for pile in self.get("building_piles", [])]

    def _summary(self) -> str:
        parts = []
        me = self.me
        if me is not None:
            parts.append(f"hand [{' '.join(_card(c) for c in self.hand)}]")
            parts.append(f"stock {_card_or_dash(self.stock_top)} ({me.get('stock_size')} left)")
        piles = [_card_or_dash(p.get("top_card")) for p in self.get("building_piles", [])]
        parts.append(f"building [{' '.join(piles)}]")
        if me is not None:
            parts.append(f"discards {_piles(me['discard_piles'])}")
        parts.append(f"totals {self.get('totals')}")
        return ", ".join(parts)

    def _player_lines(self, head: str, player: dict[str, Any]) -> list[str]:
        return [
            head + f"stock {_card_or_dash(player.get('stock_top'))} "
            f"({player.get('stock_size')} left), hand {player.get('hand_size')}, "
            f"discards {_piles(player.get('discard_piles', []))}"
        ]

    def _table_lines(self) -> list[str]:
        return [
            f"  draw pile {self.get('draw_pile_size')} cards, building next {self.building_next}"
        ]


_VIEW_CLASSES: dict[str, type[View]] = {"skyjo": SkyjoView, "skipbo": SkipBoView}


def make_view(data: Mapping[str, Any]) -> View:
    """Wrap a view's JSON object in the `View` class of its game (data unchanged)."""
    # A game waiting for players has no engine fields yet: the plain class reads it.
    waiting = data.get("phase") == "waiting"
    cls = View if waiting else _VIEW_CLASSES.get(str(data.get("game")), View)
    return cls(data)


class Turn(NamedTuple):
    """A seat's view with the legal moves of the same version: what a bot decides from."""

    view: View
    legal_moves: MoveList

    def __repr__(self) -> str:
        return f"Turn({self.view!r}, {self.legal_moves!r})"


@dataclass(frozen=True)
class MoveResult:
    """The answer to an applied move: the version now, the moves applied (yours first,
    then each server-bot reply), and your view after them."""

    version: int
    seat: int
    applied: list[dict[str, Any]] = field(repr=False)
    view: View

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MoveResult:
        return cls(
            version=int(data["version"]),
            seat=int(data["seat"]),
            applied=list(data["applied"]),
            view=make_view(data["view"]),
        )

    @property
    def bot_moves(self) -> list[dict[str, Any]]:
        return [entry for entry in self.applied if entry.get("by_bot")]
