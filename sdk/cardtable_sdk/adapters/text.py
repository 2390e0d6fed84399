"""The environments' text render mode (`render_mode="ansi"`): one seat's view as a few lines
of text, what that seat sees and nothing more. An adapter: it names view fields, as only
the adapters do."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

View = Mapping[str, Any]


def _card(value: Any, wild: bool = False) -> str:
    if value is None:
        return " ?"
    if value == "removed":
        return " ."
    return "SB" if wild and value == 0 else f"{value:>2}"


def skyjo(view: View) -> str:
    lines = [f"Skyjo round {view['round']}, step {view['step']}, seat {view['seat']} to see"]
    for player in view["players"]:
        grid = player["grid"]
        rows = [" ".join(_card(c) for c in grid[r * 4 : r * 4 + 4]) for r in range(3)]
        mark = "*" if player["seat"] in view["active_seats"] else " "
        lines.append(f"{mark}seat {player['seat']} (total {player['total']}): {' | '.join(rows)}")
    drawn = view["drawn"]
    held = "" if drawn is None or drawn.get("card") is None else f", holding {drawn['card']}"
    lines.append(f"discard {view['discard_top']}, draw pile {view['draw_pile_size']}{held}")
    return "\n".join(lines)


def skipbo(view: View) -> str:
    lines = [f"Skip-Bo round {view['round']}, step {view['step']}, seat {view['seat']} to see"]
    piles = " ".join(_card(p["top_card"], wild=False) for p in view["building_piles"])
    lines.append(f"building piles (top): {piles}; draw pile {view['draw_pile_size']}")
    for player in view["players"]:
        mark = "*" if player["seat"] in view["active_seats"] else " "
        discards = " ".join(_card(d[-1], wild=True) if d else " -" for d in player["discard_piles"])
        lines.append(
            f"{mark}seat {player['seat']}: stock {_card(player['stock_top'], wild=True)}"
            f" ({player['stock_size']} left), discards {discards}, hand {player['hand_size']}"
        )
    if view.get("hand") is not None:
        lines.append("hand: " + " ".join(_card(c, wild=True) for c in view["hand"]))
    return "\n".join(lines)


RENDERERS: dict[str, Callable[[View], str]] = {"skyjo": skyjo, "skipbo": skipbo}


def render(view: View) -> str:
    """The seat's view as text (any other game: its fields, one per line)."""
    renderer = RENDERERS.get(str(view["game"]))
    if renderer is not None:
        return renderer(view)
    return "\n".join(f"{key}: {value}" for key, value in view.items())
