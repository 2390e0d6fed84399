"""Per-process cache of game timelines, so that a change read by a thousand watchers is
replayed and turned into events once, not once per watcher."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from cardtable.engine.events import Event, Timeline
from cardtable.games import Game

DEFAULT_CACHED_GAMES = 512


class Feeds:
    def __init__(self, load: Callable[[str], Game], max_games: int = DEFAULT_CACHED_GAMES):
        self._load = load
        self._max_games = max_games
        self._lock = threading.Lock()
        self._timelines: OrderedDict[str, tuple[threading.Lock, list[Timeline]]] = OrderedDict()

    def events(
        self,
        game_id: str,
        viewer: int | None,
        since: int,
        *,
        game: Game | None = None,
        at_least: int = 0,
    ) -> tuple[int, list[Event]]:
        """(the version reached, the events after `since` for `viewer`). The store is read
        only when the cached timeline is older than `at_least` (the version a notification
        named) and no `game` is given; concurrent callers wait for one read."""
        lock, slot = self._slot(game_id)
        with lock:
            if game is None and (not slot or slot[0].version < at_least):
                game = self._load(game_id)
            if game is not None:
                self._update(slot, game)
            timeline = slot[0]
            return timeline.version, timeline.events(viewer, since)

    @staticmethod
    def _update(slot: list[Timeline], game: Game) -> None:
        if not slot:
            slot.append(Timeline(game.state))
        elif slot[0].version < game.version:
            slot[0].extend(game.state)

    def _slot(self, game_id: str) -> tuple[threading.Lock, list[Timeline]]:
        with self._lock:
            found = self._timelines.get(game_id)
            if found is None:
                found = (threading.Lock(), [])
                self._timelines[game_id] = found
                while len(self._timelines) > self._max_games:
                    self._timelines.popitem(last=False)
            else:
                self._timelines.move_to_end(game_id)
            return found
