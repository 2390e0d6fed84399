"""What happened in a game, version by version, as each viewer may see it (the event feed).

A `Timeline` replays a game from its seed through the public engine API (`new_state`, then
`apply` of every logged move, checking that the replay logs exactly the stored entries)
and turns each version into events. Every event is built from the log's public facts (who
made which move, that a reshuffle or a deal happened) and from the viewer's own views just
before and just after that version, so an event can never show a card that the viewer's
view does not show: hidden cards are only ever read through `GameState.view`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable.engine.base import JSON, GameState
from cardtable.engine.registry import get_rules

Event = dict[str, JSON]
View = dict[str, Any]


class TimelineMismatch(RuntimeError):
    """The stored log cannot be replayed from the game's seed (a bug or a changed engine)."""


class Timeline:
    """One game's events for every viewer (each seat, and None for a spectator), by version.

    Built from a state's names, options, seed and log; `extend` catches up with a newer
    state of the same game. Not thread-safe: callers hold one lock per timeline.
    """

    def __init__(self, state: GameState):
        self.game = state.game
        self._rules = get_rules(state.game)
        self._replay = self._rules.new_state(list(state.names), dict(state.options), state.rng.seed)
        self._viewers: list[int | None] = [*range(state.n_players), None]
        self._views = [self._replay.view(viewer) for viewer in self._viewers]
        # The first deal as each viewer saw it (a host that deals when its last seat is
        # taken announces it; games dealt at creation show it in their first view).
        self._first_views = list(self._views)
        self._first_deal = self._replay.log[0]
        # _by_version[v - 1][i]: the events of version v for self._viewers[i].
        self._by_version: list[list[list[Event]]] = []
        self._check_log(state.log, 0)
        self.extend(state)

    @property
    def version(self) -> int:
        return self._replay.version

    def extend(self, state: GameState) -> None:
        """Replay the moves `state` has beyond this timeline's version."""
        log = state.log
        position = len(self._replay.log)
        while self._replay.version < state.version:
            entry = log[position]
            if entry.get("type") != "move":
                raise TimelineMismatch(f"log entry {position} is not a move")
            self._replay.apply(entry["seat"], entry["move"])
            entries = self._check_log(log, position)
            position += len(entries)
            self._add_version(entries)

    @property
    def state(self) -> GameState:
        """The replayed game with its whole log (to read: `apply` is how it moves on)."""
        return self._replay

    def apply(self, seat: int, move: Any) -> None:
        """Replay one more move, a legal move of `state` (a stored move of the game)."""
        position = len(self._replay.log)
        self._replay.apply(seat, move)
        self._add_version(self._replay.log[position:])

    def first_deal(self, viewer: int | None) -> Event:
        """The deal of the first round as `viewer` saw it (its `version` is 0)."""
        return _deal_event(0, self._first_deal, self._first_views[self._viewers.index(viewer)])

    def events(self, viewer: int | None, since: int) -> list[Event]:
        """The events after version `since`, oldest first, as `viewer` may see them."""
        index = self._viewers.index(viewer)
        return [event for per in self._by_version[max(0, since) :] for event in per[index]]

    def _check_log(self, log: Sequence[dict[str, JSON]], start: int) -> list[dict[str, JSON]]:
        """The replay's entries from `start`, which must equal the stored ones."""
        replayed = self._replay.log[start:]
        if list(log[start : start + len(replayed)]) != replayed:
            raise TimelineMismatch(f"the replay of {self.game} differs from its log at {start}")
        return replayed

    def _add_version(self, entries: list[dict[str, JSON]]) -> None:
        after = [self._replay.view(viewer) for viewer in self._viewers]
        version = self._replay.version
        self._by_version.append(
            [
                version_events(version, entries, before, now)
                for before, now in zip(self._views, after, strict=True)
            ]
        )
        self._views = after


def version_events(
    version: int, entries: Sequence[dict[str, JSON]], before: View, after: View
) -> list[Event]:
    """The events of one version (a move, then what it caused) for the viewer of `before`
    and `after`, that viewer's views just before and just after it."""
    new_round = _round_of(after) != _round_of(before)
    events: list[Event] = []
    for entry in entries:
        kind = entry["type"]
        if kind == "move":
            events.append(_move_event(version, entry, before, after, new_round))
        elif kind == "reshuffle":
            events.append(_event(version, "reshuffle", draw_pile_size=_draw_pile_size(after)))
        elif kind == "deal":
            events.extend(_round_end_events(version, before, after))
            events.append(_deal_event(version, entry, after))
    if after["finished"] and not before["finished"]:
        if not any(event["type"] == "round_end" for event in events):
            events.extend(_round_end_events(version, before, after))
        events.append(_event(version, "game_end", totals=after["totals"], winners=after["winners"]))
    return events


def _event(version: int, kind: str, **fields: JSON) -> Event:
    return {"version": version, "type": kind, **fields}


def _round_of(view: View) -> int:
    last = view.get("last_round")
    return int(last["round"]) if last else 0


def _draw_pile_size(view: View) -> int:
    return int(view["draw_pile_size"])


def _move_event(
    version: int, entry: dict[str, JSON], before: View, after: View, new_round: bool
) -> Event:
    event = _event(version, "move", seat=entry["seat"], move=entry["move"])
    if before["game"] == "skyjo":
        event.update(_skyjo_consequences(before, after, new_round))
    else:
        event.update(_skipbo_consequences(entry, before, after, new_round))
    event["next_player"] = after["current_player"]
    event["active_seats"] = after["active_seats"]
    return event


def _skyjo_consequences(before: View, after: View, new_round: bool) -> dict[str, JSON]:
    """Cells that changed (a value now face up, or "removed"), the discard's top, the card
    the viewer drew (only when the viewer's own view shows it) and a final lap begun."""
    found: dict[str, JSON] = {}
    if not new_round:
        found["cells"] = [
            {"seat": player["seat"], "row": index // 4, "col": index % 4, "card": cell}
            for player, old in zip(after["players"], before["players"], strict=True)
            for index, (cell, was) in enumerate(zip(player["grid"], old["grid"], strict=True))
            if cell != was
        ]
        found["discard_top"] = after["discard_top"]
        found["draw_pile_size"] = after["draw_pile_size"]
    drawn = after.get("drawn")
    if drawn and drawn.get("card") is not None and drawn != before.get("drawn"):
        found["drawn"] = drawn["card"]
    if after.get("final_lap") and not before.get("final_lap"):
        found["final_lap"] = after["final_lap"]
    return found


def _skipbo_consequences(
    entry: dict[str, JSON], before: View, after: View, new_round: bool
) -> dict[str, JSON]:
    """The card that moved, the building pile it completed, the stock top it uncovered,
    hand sizes, and the cards the viewer itself drew (only into its own hand)."""
    move: Any = entry["move"]
    seat = int(entry["seat"])
    card = _skipbo_card(move, seat, before)
    found: dict[str, JSON] = {"card": card}
    if new_round:
        return found
    if move["type"] == "play":
        owner = move.get("owner", seat)
        target = move["target"]
        if after["building_piles"][target]["size"] < before["building_piles"][target]["size"]:
            found["completed_pile"] = target
        if move["source"] == "stock":
            found["stock_top"] = after["players"][owner]["stock_top"]
            found["stock_size"] = after["players"][owner]["stock_size"]
    found["hand_sizes"] = [player["hand_size"] for player in after["players"]]
    drew = _drawn_cards(before, after, seat, move)
    if drew:
        found["drew"] = drew
    return found


def _skipbo_card(move: Any, seat: int, before: View) -> JSON:
    """The value of the card a Skip-Bo move took from where it lay (0 = SKIP-BO)."""
    if move["type"] == "discard" or move.get("source") == "hand":
        return move.get("card")
    owner = before["players"][move.get("owner", seat)]
    if move.get("source") == "stock":
        return owner["stock_top"]
    if move.get("source") == "discard":
        return owner["discard_piles"][move["pile"]][-1]
    return None


def _drawn_cards(before: View, after: View, mover: int, move: Any) -> list[JSON]:
    """Cards that came into the viewer's own hand (refills), from its own two views."""
    if before.get("hand") is None or after.get("hand") is None:
        return []
    left: Counter[int] = Counter(before["hand"])
    if before["seat"] == mover and (move["type"] == "discard" or move.get("source") == "hand"):
        left[move["card"]] -= 1  # the mover's own card left its hand
    gained: Counter[int] = Counter(after["hand"])
    gained.subtract(left)
    return sorted(gained.elements())  # elements() skips counts of zero or less


def _round_end_events(version: int, before: View, after: View) -> list[Event]:
    last = after.get("last_round")
    if not last or _round_of(after) == _round_of(before):
        return []
    fields = {key: value for key, value in last.items() if key != "round"}
    return [_event(version, "round_end", round=last["round"], totals=after["totals"], **fields)]


def _deal_event(version: int, entry: dict[str, JSON], after: View) -> Event:
    """A new round: its public start, and the viewer's own hand (Skip-Bo) when dealt one."""
    fields: dict[str, JSON] = {"round": entry["round"]}
    if after["game"] == "skyjo":
        fields["discard_top"] = after["discard_top"]
        fields["draw_pile_size"] = after["draw_pile_size"]
    else:
        fields["first_player"] = after["first_player"]
        fields["stock_tops"] = [player["stock_top"] for player in after["players"]]
        fields["stock_sizes"] = [player["stock_size"] for player in after["players"]]
        fields["hand_sizes"] = [player["hand_size"] for player in after["players"]]
        if after.get("hand") is not None:
            fields["hand"] = after["hand"]
    fields["next_player"] = after["current_player"]
    fields["active_seats"] = after["active_seats"]
    return _event(version, "deal", **fields)
