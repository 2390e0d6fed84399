"""Per-process cache of game feeds, so that a change read by a thousand watchers is
replayed and turned into events once, not once per watcher.

A feed merges two sources by version: the engine's events (a `Timeline` of the dealt game,
numbered by engine moves) and the table's changes (`Game.table_log`: seats taken, players
leaving, seats handed to a bot, a rematch offered), which are public facts. Engine move k
has the game version `k + #{table changes made before move k}`. A game read from its
snapshot has no engine log: the feed replays the game from its seed and stored moves once
per process, then applies only the stored moves it has not seen. A change that is a move
costs each process one read of the log (no snapshot) and the new moves; a table change
reads the snapshot too, and the timeline is checked against it. Nothing is read per
watcher.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from cardtable.engine.base import GameState
from cardtable.engine.events import Event, Timeline
from cardtable.games import Game
from cardtable.movelog import decode

DEFAULT_CACHED_GAMES = 512
READS_AT_ONCE = 16
"""Store reads for waiting clients one process makes at once: a burst of streams opening,
or all of them re-reading after a lost subscription, queues here instead of taking every
connection of the Redis pool (past its wait, 503s and closed streams) from the moves."""


LAST = 1 << 30
"""The ordinal of a position that names a whole version (`Last-Event-ID: 17`)."""
Position = tuple[int, int]
"""Where a client stands: (version, k) after the k-th event of that version; (v, LAST)
after all of them. The SSE id `17.2` is (17, 2) and `17` is (17, LAST)."""


def event_id(version: int, ordinal: int, count: int) -> str:
    """The SSE id of the `ordinal`-th of the `count` events of `version` (the contract's
    "Events"): the version for the last one, `<version>.<k>` for the earlier ones."""
    return str(version) if ordinal == count else f"{version}.{ordinal}"


class Messages:
    """One viewer's Server-Sent Events messages of one game, oldest first, encoded once
    and shared by every stream of that viewer (each stream keeps only its position)."""

    def __init__(self, encode: Callable[[str, Event], str]) -> None:
        self.version = 0
        """The game version the messages reach (version 0 creates no event)."""
        self.keys: list[Position] = []
        self.texts: list[str] = []
        self.kinds: list[str] = []
        self._encode = encode

    def add(self, events: list[Event]) -> None:
        """Append the events after `version` (whole versions, oldest first)."""
        by_version: dict[int, list[Event]] = {}
        for event in events:
            by_version.setdefault(int(str(event["version"])), []).append(event)
        for version, group in by_version.items():
            for ordinal, event in enumerate(group, start=1):
                key = (version, LAST if ordinal == len(group) else ordinal)
                self.keys.append(key)
                self.texts.append(self._encode(event_id(version, ordinal, len(group)), event))
                self.kinds.append(str(event["type"]))
            self.version = max(self.version, version)

    def after(self, position: Position) -> int:
        """The index of the first message after `position`."""
        return bisect.bisect_right(self.keys, position)


PAGE_EVENTS = 500
"""Events one JSON answer of the feed carries at most (whole versions: a little more when
the last version has several)."""


def page(events: list[Event], limit: int = PAGE_EVENTS) -> tuple[list[Event], int | None]:
    """The first page of `events` (whole versions, about `limit` events) and the `since`
    of the next page (None: this is the last)."""
    if len(events) <= limit:
        return events, None
    last = int(str(events[limit - 1]["version"]))
    end = limit
    while end < len(events) and int(str(events[end]["version"])) == last:
        end += 1
    if end == len(events):
        return events, None
    return events[:end], last


ReadMoves = Callable[[str, int], tuple[int, list[int]]]
"""`GameService.read_log`: (the game's version, its stored moves from a position on)."""


class GameFeed:
    """One game's events for every viewer, by game version."""

    def __init__(self) -> None:
        self.version = -1
        self.timeline: Timeline | None = None
        self.table_log: list[dict[str, Any]] = []
        self.dealt_at: int | None = None
        self.pruned = 0
        """Waiting-phase changes pruned from the table log (`Life.pruned`)."""
        self.read_at = 0.0
        """time.monotonic() when this feed last began a read of the store."""
        self._messages: dict[int | None, Messages] = {}

    def messages(self, viewer: int | None, encode: Callable[[str, Event], str]) -> Messages:
        """`viewer`'s messages up to this feed's version, extended by what is new only."""
        found = self._messages.get(viewer)
        if found is None:
            found = self._messages[viewer] = Messages(encode)
        if found.version < self.version:
            found.add(self.events(viewer, found.version))
            found.version = self.version
        return found

    def follow(self, game_id: str, read_moves: ReadMoves) -> bool:
        """Catch up from the stored moves alone (one read, no snapshot), which is possible
        when every change since this feed's version is a move; False otherwise (a table
        change, a game not dealt or not followed yet, a game stored with its whole log)."""
        if self.timeline is None:
            return False
        version, moves = read_moves(game_id, self.timeline.version)
        if version - self.version != len(moves) or not self._apply(moves):
            return False
        self.version = version
        return True

    def update(self, game: Game, replayed: Callable[[], Game], read_moves: ReadMoves) -> None:
        """Catch up with `game` as read from the store (its snapshot)."""
        if game.version <= self.version:
            return
        if game.dealt:
            state = game.state
            if not state.log_offset:  # stored with its whole log (before the compact log)
                self._extend(state)
            elif not self._extend_stored(game, read_moves):
                game = replayed()  # the first change seen, or a gap: replay (as new or newer)
                self.timeline = None
                self._extend(game.state)
        self.table_log = list(game.table_log)
        self.dealt_at = game.life.dealt_at
        self.pruned = game.life.pruned
        self.version = game.version

    def _extend(self, state: GameState) -> None:
        if self.timeline is None:
            self.timeline = Timeline(state)
        elif self.timeline.version < state.version:
            self.timeline.extend(state)

    def _extend_stored(self, game: Game, read_moves: ReadMoves) -> bool:
        """Apply the stored moves the timeline lacks to reach `game`'s snapshot; False when
        that is not possible (no timeline yet, or it does not end on the snapshot)."""
        target = game.state
        if self.timeline is None or self.timeline.version > target.version:
            return False
        _, moves = read_moves(game.game_id, self.timeline.version)
        missing = target.version - self.timeline.version  # later moves: a later change's
        if len(moves) < missing or not self._apply(moves[:missing]):
            return False
        return self.timeline.state.snapshot() == target.snapshot()

    def _apply(self, moves: list[int]) -> bool:
        """Replay stored moves (each a legal move's index and the seat, `cardtable.movelog`)
        on the timeline; False, and no timeline, if one is not a legal move there."""
        assert self.timeline is not None
        for entry in moves:
            named = decode(self.timeline.state, entry)
            if named is None:
                self.timeline = None  # replayed afresh, which reports a corrupt log
                return False
            self.timeline.apply(*named)
        return True

    def events(self, viewer: int | None, since: int) -> list[Event]:
        """The events after game version `since`, oldest first, as `viewer` may see them."""
        found = [_table_event(entry) for entry in self.table_log if entry["version"] > since]
        if self.timeline is not None:
            if self.dealt_at and self.dealt_at > since:
                found.append({**self.timeline.first_deal(viewer), "version": self.dealt_at})
            found += self._engine_events(viewer, since)
        # Stable: at the version of the change that dealt, the join comes before the deal.
        return sorted(found, key=lambda event: int(str(event["version"])))

    def _engine_events(self, viewer: int | None, since: int) -> list[Event]:
        assert self.timeline is not None
        # Pruned changes were all made before the deal (at move 0).
        changes_at = [0] * self.pruned + sorted(int(e["at_move"]) for e in self.table_log)
        changes_by = sum(1 for entry in self.table_log if entry["version"] <= since)
        if self.pruned and self.dealt_at and since < self.dealt_at:
            moves_since = 0  # before the deal every version was a table change
        else:
            moves_since = max(0, since - changes_by - self.pruned)
        return [
            {**event, "version": _game_version(int(str(event["version"])), changes_at)}
            for event in self.timeline.events(viewer, moves_since)
        ]


def _game_version(move: int, changes_at: list[int]) -> int:
    """The game version of engine move `move`: the table changes made before it count too."""
    return move + bisect.bisect_left(changes_at, move)


def _table_event(entry: dict[str, Any]) -> Event:
    return {key: value for key, value in entry.items() if key != "at_move"}


class Feeds:
    def __init__(
        self,
        load: Callable[[str], Game],
        replayed: Callable[[str], Game],
        read_moves: ReadMoves,
        max_games: int = DEFAULT_CACHED_GAMES,
        reading: threading.BoundedSemaphore | None = None,
    ):
        self._load = load
        self._replayed = replayed
        self._read_moves = read_moves
        self._max_games = max_games
        self._lock = threading.Lock()
        self._feeds: OrderedDict[str, tuple[threading.Lock, GameFeed]] = OrderedDict()
        self.page_events = PAGE_EVENTS
        """Events one JSON answer carries at most (see `page`)."""
        self.reading = reading or threading.BoundedSemaphore(READS_AT_ONCE)
        """Held by each store read made for waiting clients (opening a stream included;
        the hub's, so that long-polls share the same bound)."""

    def events(
        self,
        game_id: str,
        viewer: int | None,
        since: int,
        *,
        game: Game | None = None,
        at_least: int = 0,
        read_after: float | None = None,
    ) -> tuple[int, list[Event]]:
        """(the version reached, the events after `since` for `viewer`). The store is read
        only when no `game` is given and the cached feed is older than `at_least` (the
        version a notification named) or was last read before `read_after` (a monotonic
        time); concurrent callers wait for one read, and at most READS_AT_ONCE reads run
        at a time (`reading`)."""
        lock, feed = self._slot(game_id)
        with lock:
            self._catch_up(game_id, feed, game, at_least, read_after)
            return feed.version, feed.events(viewer, since)

    def messages(
        self,
        game_id: str,
        viewer: int | None,
        encode: Callable[[str, Event], str],
        *,
        game: Game | None = None,
        at_least: int = 0,
        read_after: float | None = None,
    ) -> Messages:
        """`viewer`'s shared stream messages (see `events` for when the store is read)."""
        lock, feed = self._slot(game_id)
        with lock:
            self._catch_up(game_id, feed, game, at_least, read_after)
            return feed.messages(viewer, encode)

    def _catch_up(
        self,
        game_id: str,
        feed: GameFeed,
        game: Game | None,
        at_least: int,
        read_after: float | None,
    ) -> None:
        stale = read_after is not None and feed.read_at < read_after
        if game is None and (feed.version < max(at_least, 0) or stale):
            with self.reading:
                feed.read_at = time.monotonic()
                if not feed.follow(game_id, self._read_moves):
                    game = self._load(game_id)
        if game is not None:
            with self.reading:
                feed.update(game, lambda: self._replayed(game_id), self._read_moves)

    def _slot(self, game_id: str) -> tuple[threading.Lock, GameFeed]:
        with self._lock:
            found = self._feeds.get(game_id)
            if found is None:
                found = (threading.Lock(), GameFeed())
                self._feeds[game_id] = found
                while len(self._feeds) > self._max_games:
                    self._feeds.popitem(last=False)
            else:
                self._feeds.move_to_end(game_id)
            return found
