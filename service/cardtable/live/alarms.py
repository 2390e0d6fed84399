"""Turn-timer alarms for watched games: a process that holds event streams of a game acts
at the game's deadline itself, so that the bot's take-over reaches every stream (on every
replica, through the write's notification) with no other request made.

Acting is `GameService.load`, which applies the overdue turns (`timers.catch_up`) by
compare-and-set: when several processes or replicas act at the same deadline, one write
wins and the others read its result, so a deadline is acted on exactly once. Each process
reads a watched game's deadline once per version (one small field), whatever the number
of its streams, and acts once per deadline.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from cardtable.games.service import DEADLINE_FIELD, GameService

WATCHED_GAMES = 4096
"""Games whose deadline a process remembers (the least recently asked are forgotten)."""
SLACK_SECONDS = 0.05
"""Acted on this long after the deadline, so that a replica whose clock is a little behind
the writer's still finds the turn overdue."""


class Alarms:
    """One process's view of the deadlines of the games its streams watch."""

    def __init__(self, service: GameService):
        self._service = service
        self._lock = threading.Lock()
        self._deadlines: OrderedDict[str, tuple[int, float | None]] = OrderedDict()
        self._acted: OrderedDict[str, float] = OrderedDict()

    def remember(self, game_id: str, version: int, deadline: float | None) -> None:
        """Note `game_id`'s deadline as of `version` (e.g. from a game just read)."""
        with self._lock:
            known = self._deadlines.get(game_id)
            if known is None or known[0] <= version:
                self._deadlines[game_id] = (version, deadline)
            self._deadlines.move_to_end(game_id)
            while len(self._deadlines) > WATCHED_GAMES:
                self._deadlines.popitem(last=False)

    def deadline(self, game_id: str, version: int) -> float | None:
        """The game's deadline (epoch seconds, None: no timer running) as of `version` or
        later: read from the store only when this process knows none that recent."""
        with self._lock:
            known = self._deadlines.get(game_id)
        if known is not None and known[0] >= version:
            return known[1]
        with self._service.hub.reading:
            stored, (due,) = self._service.store.read_fields(game_id, DEADLINE_FIELD)
        value = float(due) if due else None
        self.remember(game_id, stored, value)
        return value

    def seconds_left(self, deadline: float | None) -> float | None:
        """Seconds until the alarm of `deadline` (None: no alarm)."""
        if deadline is None:
            return None
        return deadline + SLACK_SECONDS - self._service.clock()

    def act(self, game_id: str, deadline: float) -> None:
        """At `deadline`: play the overdue turns, once per process and deadline (the
        compare-and-set makes it once across processes). The write wakes every stream."""
        with self._lock:
            if self._acted.get(game_id) == deadline:
                return
            self._acted[game_id] = deadline
            self._acted.move_to_end(game_id)
            while len(self._acted) > WATCHED_GAMES:
                self._acted.popitem(last=False)
        with self._service.hub.reading:
            game = self._service.load(game_id)
        self.remember(game_id, game.version, game.hosting.deadline)


__all__ = ["Alarms"]
