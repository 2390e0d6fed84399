"""What happened in a game, version by version, as each viewer may see it (the event feed).

A `Timeline` replays a game from its seed through the public engine API (`new_state`, then
`apply` of every logged move, checking that the replay logs exactly the stored entries)
and turns each version into events. Every event is built from the log's public facts (who
made which move, that a reshuffle or a deal happened) and from the viewer's own views just
before and just after that version, so an event can never show a card that the viewer's
view does not show: hidden cards are only ever read through `GameState.view`.

What a move or a deal shows beyond the shared fields is the game's to say, in its own
folder (`<game>/events.py`, the state class's `events`); a game without one gets `ViewDiff`,
the fields of the viewer's view that changed.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from cardtable_engine.base import JSON, GameState
from cardtable_engine.registry import get_rules

Event = dict[str, JSON]
View = dict[str, Any]


class TimelineMismatch(RuntimeError):
    """The stored log cannot be replayed from the game's seed (a bug or a changed engine)."""


class Timeline:
    """One game's events for every viewer (each seat, and None for a spectator), by version.

    Built from a state's names, options, seed and log; `extend` catches up with a newer
    state of the same game. `following` starts one at a state instead (nothing replayed:
    its events begin after that state's version). Not thread-safe: callers hold one lock
    per timeline.
    """

    def __init__(self, state: GameState):
        self._start(
            get_rules(state.game).new_state(list(state.names), dict(state.options), state.rng.seed)
        )
        # The first deal as each viewer saw it (a host that deals when its last seat is
        # taken announces it; games dealt at creation show it in their first view).
        self._first_views = list(self._views)
        self._first_deal = self._replay.log[0]
        self._check_log(state.log, 0)
        self.extend(state)

    @classmethod
    def following(cls, state: GameState) -> Timeline:
        """A timeline of the moves applied from `state` on (a copy of it: `state` is not
        changed), without replaying what came before: `events` starts after its version."""
        timeline = cls.__new__(cls)
        timeline._start(copy_state(state))
        return timeline

    def _start(self, replay: GameState) -> None:
        self.game = replay.game
        self._replay = replay
        self.start = replay.version
        """The version this timeline's events start after (0 unless `following`)."""
        self._viewers: list[int | None] = [*range(replay.n_players), None]
        self._views = [replay.view(viewer) for viewer in self._viewers]
        # _by_version[v - start - 1][i]: the events of version v for self._viewers[i].
        self._by_version: list[list[list[Event]]] = []

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
        """The events after version `since` (at least `start`), oldest first, as `viewer`
        may see them."""
        index = self._viewers.index(viewer)
        skipped = max(0, since - self.start)
        return [event for per in self._by_version[skipped:] for event in per[index]]

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


def copy_state(state: GameState) -> GameState:
    """An independent copy of `state` to apply moves to (without its log, and without the
    host's move hook): the game's search clone when it has one, else a deep copy."""
    hook, state.on_move = state.on_move, None
    try:
        if state.search is not None:
            from cardtable_engine.search import clone

            return clone(state)
        copied = copy.deepcopy(state)
    finally:
        state.on_move = hook
    copied.log_offset, copied.log = state.log_length, []
    return copied


def first_deal_event(fresh: GameState, viewer: int | None) -> Event:
    """The deal of the first round as `viewer` saw it (its `version` is 0), from the game
    as dealt (`fresh`: no move made, its whole log)."""
    return _deal_event(0, fresh.log[0], fresh.view(viewer))


def viewer_events(
    state: GameState, viewer: int | None, moves: Iterable[tuple[int, Any]]
) -> list[Event]:
    """The events of `moves` (seat and move, each legal where it comes) applied to `state`
    one after another, as `viewer` may see them: one view per move, for this viewer only
    (a `Timeline` makes every viewer's). `state` is changed; `moves` may be a generator
    that reads it (to decode each move where it is made)."""
    events: list[Event] = []
    before = state.view(viewer)
    for seat, move in moves:
        position = len(state.log)
        state.apply(seat, move)
        after = state.view(viewer)
        events += version_events(state.version, state.log[position:], before, after)
        before = after
    return events


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


def _last_round(view: View) -> Any:
    """The last completed round as the view shows it (its `last_round`, else the last of
    its `rounds`), None before the first ends."""
    last = view.get("last_round")
    if last is None and view.get("rounds"):
        last = view["rounds"][-1]
    return last


def _round_of(view: View) -> int:
    last = _last_round(view)
    return int(last["round"]) if last else 0


def _draw_pile_size(view: View) -> int:
    return int(view["draw_pile_size"])


COMMON_VIEW_KEYS = frozenset(
    ("game", "version", "seat", "phase", "round", "current_player", "active_seats", "step")
) | frozenset(("finished", "options", "totals", "rounds", "winners"))
"""The view fields every game has (`GameState.common_view`): never a consequence."""
EVENT_KEYS = frozenset(["version", "type", "seat", "move", "next_player", "active_seats"])


class ViewDiff:
    """The events of a game without an events module of its own: a move shows the fields
    of the viewer's view that it changed, a deal the game's fields of the viewer's new view
    (a view is what that viewer may see, so neither can show a hidden card)."""

    @staticmethod
    def move_consequences(
        entry: dict[str, JSON], before: View, after: View, new_round: bool
    ) -> dict[str, JSON]:
        return {
            key: value
            for key, value in _game_fields(after).items()
            if new_round or before.get(key) != value
        }

    @staticmethod
    def deal_fields(after: View) -> dict[str, JSON]:
        return _game_fields(after)


def _game_fields(view: View) -> dict[str, JSON]:
    return {
        key: value
        for key, value in view.items()
        if key not in COMMON_VIEW_KEYS and key not in EVENT_KEYS
    }


def event_hooks(game: str) -> Any:
    """The events module of `game` (its state class's `events`), else `ViewDiff`; raises
    UnknownGame for a game that is not hosted."""
    hooks = get_rules(game).state_class.events
    return ViewDiff if hooks is None else hooks


def _move_event(
    version: int, entry: dict[str, JSON], before: View, after: View, new_round: bool
) -> Event:
    event = _event(version, "move", seat=entry["seat"], move=entry["move"])
    event.update(event_hooks(before["game"]).move_consequences(entry, before, after, new_round))
    event["next_player"] = after["current_player"]
    event["active_seats"] = after["active_seats"]
    return event


def _round_end_events(version: int, before: View, after: View) -> list[Event]:
    last = _last_round(after)
    if not last or _round_of(after) == _round_of(before):
        return []
    fields = {key: value for key, value in last.items() if key != "round"}
    return [_event(version, "round_end", round=last["round"], totals=after["totals"], **fields)]


def _deal_event(version: int, entry: dict[str, JSON], after: View) -> Event:
    """A new round: its public start as the game's events module (or `ViewDiff`) tells it,
    the viewer's own cards included when dealt some."""
    fields: dict[str, JSON] = {"round": entry["round"]}
    fields.update(event_hooks(after["game"]).deal_fields(after))
    fields["next_player"] = after["current_player"]
    fields["active_seats"] = after["active_seats"]
    return _event(version, "deal", **fields)
