"""Per-process cache of game feeds, so that a change read by a thousand watchers is
turned into events once, not once per watcher, and no answer costs more than its page.

A feed merges two sources by version: the engine's events and the table's changes
(`Game.table_log`: seats taken, players leaving, seats handed to a bot, a rematch
offered), which are public facts. Engine move k has the game version
`k + #{table changes made before move k}`. A process follows a game from the first
snapshot it reads of it, replaying nothing: a `Timeline.following` that snapshot turns
each later move into every viewer's events as it comes. The moves before it (the stored
log) make the feed's `History`, whose events are built only when a page of them is asked
for, for that page's viewer, CHUNK_MOVES moves at a time. A change that is a move costs
each process one read of the log (no snapshot) and the new moves; a table change reads
the snapshot too, and the timeline is checked against it. Nothing is read per watcher.
"""

from __future__ import annotations

import bisect
import heapq
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import orjson

from cardtable.documents.movelog import CorruptLog, decode, fresh_state
from cardtable.error_codes import RetryLater
from cardtable.games.service import Game
from cardtable_engine.base import GameState
from cardtable_engine.events import Event, Timeline, copy_state, first_deal_event, viewer_events

DEFAULT_CACHED_GAMES = 512
"""Games whose feeds one process keeps (the least recently used go first)..."""
DEFAULT_CACHED_BYTES = 96 * 1024 * 1024
"""...and the bytes they may hold together (estimated: `GameFeed.weight`)."""
FEED_MAX_BYTES = 8 * 1024 * 1024
"""A game's feed that grows past this sheds its history's built events and kept pages
(rebuilt on demand from the replayed states it keeps); if still past it (a long game
followed live: its timeline keeps every viewer's events of every move since), it is
dropped after use and followed afresh from its next snapshot (its earlier events are
then history pages, built on demand)."""
EVENT_BYTES = 1024
"""What one event held as a Python dict costs, about (measured: 0.5 to 1 KB for Skyjo's
with 8 players), for `GameFeed.weight`."""
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

    def __init__(self, encode: Callable[[str, Event], str], *, live: bool = True) -> None:
        self.version = 0
        """The game version the messages reach (version 0 creates no event)."""
        self.start = 0
        """The version they start after."""
        self.live = live
        """Whether they grow with the game (a viewer's live messages), or are one page of
        a stream's backlog."""
        self.keys: list[Position] = []
        self.texts: list[str] = []
        self.kinds: list[str] = []
        self.size = 0
        """The characters of `texts`."""
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
                self.size += len(self.texts[-1])
                self.kinds.append(str(event["type"]))
            self.version = max(self.version, version)

    def after(self, position: Position) -> int:
        """The index of the first message after `position`."""
        return bisect.bisect_right(self.keys, position)


PAGE_EVENTS = 500
"""Events one JSON answer of the feed (and one piece of a stream's backlog) carries at
most (whole versions: a little more when the last version has several)."""
CHUNK_MOVES = 100
"""Engine moves per piece of a feed's history: what one viewer's events are built and
kept by, and how far apart the replayed states it keeps are (so a page after any version
costs at most this many moves of replay beyond its own)."""
PAGES_KEPT = 32
"""Encoded backlog pages a game's feed keeps (a stream's backlog reads them; the most
recently used are kept)."""
FEED_WAIT_SECONDS = 5.0
"""How long a request waits for another building the same game's feed before it is told
to retry (503 + Retry-After): each build is bounded, so this is only reached overloaded."""
STREAM_FEED_WAIT_SECONDS = 30.0
"""The same wait for an event stream, which already holds one of the server's waiting
slots (a greenlet, no thread): thousands of streams of one game opening at once queue on
its feed's lock one after another, and on a busy machine the last waited past 5 s, so
streams were refused (503) far below the server's capacity (791 of 1,500 on a worker with
room for 1,200, 1,061 of 20,000). They wait their turn instead; past this, 503 still."""


class FeedBusy(RetryLater):
    """A game's feed stayed busy past FEED_WAIT_SECONDS: the client retries later (503)."""

    code = "too_many_waiting"
    retry_after = 1

    def __init__(self) -> None:
        super().__init__(
            f"this server is busy building this game's events; retry in {self.retry_after} s"
        )


Named = tuple[int, Any]
"""A move as the engine applies it: (seat, move)."""


class History:
    """The events of a game's first `end` engine moves, for one viewer at a time, built on
    demand in pieces of CHUNK_MOVES moves: one view per move, for the viewer asked about
    only, from the nearest replayed state kept (every CHUNK_MOVES moves, replayed from the
    seed without views the first time a page lies beyond them). A first read of a long
    game's feed so costs its page, not the game's length."""

    def __init__(
        self,
        fresh: GameState,
        moves: list[Any],
        decode_move: Callable[[GameState, Any], Named | None],
        snapshot: dict[str, Any],
    ) -> None:
        self.end = len(moves)
        self._moves = moves
        self._decode = decode_move
        self._snapshot = snapshot
        """The state after the `end` moves (a replay that reaches it must equal it)."""
        self._states: dict[int, GameState] = {0: fresh}
        """Replayed states, by engine version (multiples of CHUNK_MOVES): never changed."""
        self._chunks: dict[tuple[int | None, int], list[Event]] = {}
        self.kept_events = 0
        """Events held in built chunks (`GameFeed.weight`)."""

    def shed(self) -> None:
        """Forget the built chunks (the replayed states stay: a chunk is rebuilt from the
        nearest one, its own moves only)."""
        self._chunks.clear()
        self.kept_events = 0

    def first_deal(self, viewer: int | None) -> Event:
        return first_deal_event(self._states[0], viewer)

    def events(self, viewer: int | None, after: int) -> Iterator[Event]:
        """`viewer`'s events of the moves after engine version `after`, built as read."""
        chunk = max(0, after) // CHUNK_MOVES
        while chunk * CHUNK_MOVES < self.end:
            for event in self._chunk(viewer, chunk):
                if int(str(event["version"])) > after:
                    yield event
            chunk += 1

    def _chunk(self, viewer: int | None, chunk: int) -> list[Event]:
        found = self._chunks.get((viewer, chunk))
        if found is None:
            first = chunk * CHUNK_MOVES
            stop = min(self.end, first + CHUNK_MOVES)
            state = copy_state(self._state_at(first))
            found = viewer_events(state, viewer, self._named(state, first, stop))
            self._chunks[viewer, chunk] = found
            self.kept_events += len(found)
            self._keep(state)
        return found

    def _state_at(self, version: int) -> GameState:
        """The replayed state at `version` (a multiple of CHUNK_MOVES, at most `end`)."""
        known = max(kept for kept in self._states if kept <= version)
        while known < version:
            state = copy_state(self._states[known])
            for named in self._named(state, known, known + CHUNK_MOVES):
                state.apply(*named)
            known = state.version
            self._keep(state)
        return self._states[version]

    def _keep(self, state: GameState) -> None:
        """Keep a replayed state no longer changed (every CHUNK_MOVES moves), and check a
        replay that reaches `end` against the snapshot it must equal."""
        if state.version == self.end and state.snapshot() != self._snapshot:
            raise CorruptLog("the stored moves do not replay to the stored snapshot")
        if state.version % CHUNK_MOVES == 0:
            self._states.setdefault(state.version, state)

    def _named(self, state: GameState, first: int, stop: int) -> Iterator[Named]:
        """The moves `first`..`stop` - 1, each decoded in `state` just before it is applied
        (the caller applies each before taking the next)."""
        for index in range(first, stop):
            named = self._decode(state, self._moves[index])
            if named is None:
                raise CorruptLog(f"log entry {index} names no legal move")
            yield named


def _as_named(state: GameState, move: Named) -> Named:
    """A move taken from a whole engine log: already the seat and the move."""
    return move


ReadMoves = Callable[[str, int], tuple[int, list[int]]]
"""`GameService.read_log`: (the game's version, its stored moves from a position on)."""


class GameFeed:
    """One game's events for every viewer, by game version: the moves up to where this
    process began to follow the game from its `History` (built per viewer and page as
    asked for), the moves since from a `Timeline` that follows the game (every viewer's
    events once per move, as the moves come)."""

    def __init__(self) -> None:
        self.version = -1
        self.history: History | None = None
        self.head: Timeline | None = None
        """The moves after `history.end`, as they come."""
        self.table_log: list[dict[str, Any]] = []
        self.dealt_at: int | None = None
        self.pruned = 0
        """Waiting-phase changes pruned from the table log (`Hosting.pruned`)."""
        self.read_at = 0.0
        """time.monotonic() when this feed last began a read of the store."""
        self._live: dict[int | None, Messages] = {}
        self._pages: OrderedDict[tuple[int | None, int], Messages] = OrderedDict()
        self._json_pages: OrderedDict[tuple[int | None, int, int], tuple[bytes, int]] = (
            OrderedDict()
        )
        """Whole JSON pages of events (`json_page`), encoded once: a client walking a long
        game's history again and again costs a lookup, not the page's events and JSON."""

    def weight(self) -> int:
        """The bytes this feed holds, estimated: its encoded texts as they are, and every
        event it keeps as a dict (history chunks, the timeline's versions) as EVENT_BYTES."""
        texts = sum(m.size for m in (*self._live.values(), *self._pages.values()))
        pages = sum(len(encoded) for encoded, _ in self._json_pages.values())
        kept = self.history.kept_events if self.history is not None else 0
        if self.head is not None:  # a version: about one event for each viewer
            kept += (self.head.version - self.head.start) * (self.head.state.n_players + 1)
        return texts + pages + kept * EVENT_BYTES

    def shed(self) -> None:
        """Let go of what is rebuilt on demand: history events and kept pages."""
        if self.history is not None:
            self.history.shed()
        self._pages.clear()
        self._json_pages.clear()

    def json_page(self, viewer: int | None, since: int, limit: int) -> tuple[bytes, int | None]:
        """`page`, its events encoded as a JSON array; whole pages (those with a next one)
        never change, so PAGES_KEPT of them are kept encoded."""
        key = (viewer, since, limit)
        found = self._json_pages.get(key)
        if found is not None:
            self._json_pages.move_to_end(key)
            return found
        events, after = self.page(viewer, since, limit)
        encoded = orjson.dumps(events, option=orjson.OPT_NON_STR_KEYS)
        if after is not None:
            self._json_pages[key] = (encoded, after)
            while len(self._json_pages) > PAGES_KEPT:
                self._json_pages.popitem(last=False)
        return encoded, after

    def messages(
        self,
        viewer: int | None,
        encode: Callable[[str, Event], str],
        position: Position,
        limit: int,
    ) -> Messages:
        """The messages a stream of `viewer` at `position` sends next: the viewer's live
        messages (shared, from the version they were first asked for on, extended by what
        is new only) when it has reached their start, else the page of its backlog after
        `position` (`live` False: the stream asks again after sending it)."""
        live = self._live.get(viewer)
        if live is None:
            live = self._live[viewer] = Messages(encode)
            live.start = live.version = self.version
        if live.version < self.version:
            live.add(list(self._events(viewer, live.version)))
            live.version = self.version
        if position >= (live.start, LAST):
            return live
        since = position[0] if position[1] == LAST else position[0] - 1
        found = self._pages.get((viewer, since))
        if found is not None:
            self._pages.move_to_end((viewer, since))
            return found
        events, after = self.page(viewer, since, limit)
        if not events:  # nothing after `position` (version 0, say): the live ones follow
            return live
        found = Messages(encode, live=False)
        found.add(events)
        if after is not None:  # a whole page never changes; the last one grows
            self._pages[viewer, since] = found
            while len(self._pages) > PAGES_KEPT:
                self._pages.popitem(last=False)
        return found

    def follow(self, game_id: str, read_moves: ReadMoves) -> bool:
        """Catch up from the stored moves alone (one read, no snapshot), which is possible
        when every change since this feed's version is a move; False otherwise (a table
        change, a game not dealt or not followed yet, a game stored with its whole log)."""
        if self.head is None:
            return False
        version, moves = read_moves(game_id, self.head.version)
        if version - self.version != len(moves) or not self._apply(moves):
            return False
        self.version = version
        return True

    def update(self, game: Game, replayed: Callable[[], Game], read_moves: ReadMoves) -> None:
        """Catch up with `game` as read from the store (its snapshot)."""
        if game.version <= self.version:
            return
        if game.dealt and not self._extend_stored(game, read_moves):
            self._start(game, replayed, read_moves)  # the first change seen, or a gap
        self.table_log = list(game.table_log)
        self.dealt_at = game.hosting.dealt_at
        self.pruned = game.hosting.pruned
        self.version = game.version

    def _start(self, game: Game, replayed: Callable[[], Game], read_moves: ReadMoves) -> None:
        """Follow the game from its snapshot on, nothing replayed: the history before it
        is built only as pages of it are asked for."""
        state = game.state
        decode_move: Callable[[GameState, Any], Named | None] = decode
        moves: list[Any] = read_moves(game.game_id, 0)[1] if state.log_offset else []
        if len(moves) < state.version:
            # Not stored apart yet (the upgrader holds an older document's moves until its
            # next write): follow the replayed game's own log.
            state = replayed().state
        if not state.log_offset:  # its whole log in hand
            moves = [(e["seat"], e["move"]) for e in state.log if e["type"] == "move"]
            decode_move = _as_named
        snapshot = state.snapshot()
        fresh = fresh_state(snapshot)
        self.history = History(fresh, moves[: state.version], decode_move, snapshot)
        self.head = Timeline.following(state)

    def _extend_stored(self, game: Game, read_moves: ReadMoves) -> bool:
        """Apply the stored moves the head lacks to reach `game`'s snapshot; False when
        that is not possible (not followed yet, or it does not end on the snapshot)."""
        target = game.state
        if self.head is None or self.head.version > target.version or not target.log_offset:
            return False
        _, moves = read_moves(game.game_id, self.head.version)
        missing = target.version - self.head.version  # later moves: a later change's
        if len(moves) < missing or not self._apply(moves[:missing]):
            return False
        return self.head.state.snapshot() == target.snapshot()

    def _apply(self, moves: list[int]) -> bool:
        """Replay stored moves (their entries, `cardtable.documents.movelog`) on the head;
        False, and no head, if one is not a legal move there."""
        assert self.head is not None
        for entry in moves:
            named = decode(self.head.state, entry)
            if named is None:
                self.head = None  # followed afresh, which reports a corrupt log
                return False
            self.head.apply(*named)
        return True

    def page(self, viewer: int | None, since: int, limit: int) -> tuple[list[Event], int | None]:
        """`viewer`'s first page of events after game version `since` (whole versions,
        about `limit` events: only those are built) and the `since` of the next page
        (None: this one reaches this feed's version)."""
        found: list[Event] = []
        for event in self._events(viewer, since):
            if len(found) >= limit and _version_of(event) != _version_of(found[-1]):
                return found, _version_of(found[-1])
            found.append(event)
        return found, None

    def _events(self, viewer: int | None, since: int) -> Iterator[Event]:
        """The events after game version `since`, oldest first, as `viewer` may see them,
        each built when it is read."""
        table = [_table_event(entry) for entry in self.table_log if entry["version"] > since]
        if self.history is None:
            return iter(table)
        deal = []
        if self.dealt_at and self.dealt_at > since:
            deal.append({**self.history.first_deal(viewer), "version": self.dealt_at})
        # Stable: at the version of the change that dealt, the join comes before the deal.
        return heapq.merge(table, deal, self._engine_events(viewer, since), key=_version_of)

    def _engine_events(self, viewer: int | None, since: int) -> Iterator[Event]:
        assert self.history is not None and self.head is not None
        # Pruned changes were all made before the deal (at move 0).
        changes_at = [0] * self.pruned + sorted(int(e["at_move"]) for e in self.table_log)
        changes_by = sum(1 for entry in self.table_log if entry["version"] <= since)
        if self.pruned and self.dealt_at and since < self.dealt_at:
            moves_since = 0  # before the deal every version was a table change
        else:
            moves_since = max(0, since - changes_by - self.pruned)
        for event in self.history.events(viewer, moves_since):
            yield {**event, "version": _game_version(_version_of(event), changes_at)}
        for event in self.head.events(viewer, moves_since):
            yield {**event, "version": _game_version(_version_of(event), changes_at)}


def _version_of(event: Event) -> int:
    return int(str(event["version"]))


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
        max_bytes: int = DEFAULT_CACHED_BYTES,
    ):
        self._load = load
        self._replayed = replayed
        self._read_moves = read_moves
        self._max_games = max_games
        self._max_bytes = max_bytes
        self._lock = threading.Lock()
        self._feeds: OrderedDict[str, tuple[threading.Lock, GameFeed]] = OrderedDict()
        self._weights: dict[str, int] = {}
        """Each cached feed's `GameFeed.weight` after its last use."""
        self.weight = 0
        """Their sum: the bytes the cache holds, estimated (bounded by `max_bytes`)."""
        self.page_events = PAGE_EVENTS
        """Events one JSON answer carries at most (see `page`)."""
        self.reading = reading or threading.BoundedSemaphore(READS_AT_ONCE)
        """Held by each store read made for waiting clients (opening a stream included;
        the hub's, so that long-polls share the same bound)."""

    def page(
        self,
        game_id: str,
        viewer: int | None,
        since: int,
        *,
        game: Game | None = None,
        at_least: int = 0,
        read_after: float | None = None,
    ) -> tuple[int, list[Event], int | None]:
        """(the version reached, `viewer`'s first page of events after `since`, the `since`
        of the next page or None). The store is read only when no `game` is given and the
        cached feed is older than `at_least` (the version a notification named) or was
        last read before `read_after` (a monotonic time); concurrent callers wait for one
        read, and at most READS_AT_ONCE reads run at a time (`reading`)."""
        lock, feed = self._slot(game_id)
        with _held(lock), self._weighing(game_id, feed):
            self._catch_up(game_id, feed, game, at_least, read_after)
            events, after = feed.page(viewer, since, self.page_events)
            return feed.version, events, after

    def json_page(
        self,
        game_id: str,
        viewer: int | None,
        since: int,
        *,
        game: Game | None = None,
        at_least: int = 0,
    ) -> tuple[int, bytes, int | None]:
        """`page`, its events as a JSON array (whole pages are kept encoded)."""
        lock, feed = self._slot(game_id)
        with _held(lock), self._weighing(game_id, feed):
            self._catch_up(game_id, feed, game, at_least, None)
            encoded, after = feed.json_page(viewer, since, self.page_events)
            return feed.version, encoded, after

    def messages(
        self,
        game_id: str,
        viewer: int | None,
        encode: Callable[[str, Event], str],
        position: Position,
        *,
        game: Game | None = None,
        at_least: int = 0,
        read_after: float | None = None,
    ) -> Messages:
        """The messages a stream of `viewer` at `position` sends next (`GameFeed.messages`;
        see `page` for when the store is read); it waits up to STREAM_FEED_WAIT_SECONDS for
        the game's feed (FeedBusy past it)."""
        lock, feed = self._slot(game_id)
        with _held(lock, STREAM_FEED_WAIT_SECONDS), self._weighing(game_id, feed):
            self._catch_up(game_id, feed, game, at_least, read_after)
            return feed.messages(viewer, encode, position, self.page_events)

    @contextmanager
    def _weighing(self, game_id: str, feed: GameFeed) -> Iterator[None]:
        """Weigh `feed` after its use (under its lock): the cache's least recently used
        feeds go while it holds more than `max_bytes`, and a feed heavier than
        FEED_MAX_BYTES goes at once (the next request follows the game afresh; requests
        and streams that hold its messages keep them until they ask again)."""
        try:
            yield
        finally:
            weight = feed.weight()
            with self._lock:
                if self._feeds.get(game_id, (None, None))[1] is feed:
                    self.weight += weight - self._weights.get(game_id, 0)
                    self._weights[game_id] = weight
                    if weight > FEED_MAX_BYTES:
                        self._shed(game_id, feed)
                    self._trim()

    def _shed(self, game_id: str, feed: GameFeed) -> None:
        """A feed past FEED_MAX_BYTES: first what it rebuilds cheaply goes (the history's
        events and the kept pages: its replayed states stay, so a page costs its own
        moves again); if its timeline alone is still too heavy, the whole feed goes."""
        feed.shed()
        weight = feed.weight()
        self.weight += weight - self._weights[game_id]
        self._weights[game_id] = weight
        if weight > FEED_MAX_BYTES:
            self._drop(game_id)

    def _drop(self, game_id: str) -> None:
        del self._feeds[game_id]
        self.weight -= self._weights.pop(game_id, 0)

    def _trim(self) -> None:
        """Drop the least recently used feeds past the cache's bounds (under `_lock`)."""
        while self._feeds and (len(self._feeds) > self._max_games or self.weight > self._max_bytes):
            self._drop(next(iter(self._feeds)))

    @property
    def cached(self) -> int:
        """The games whose feeds are cached."""
        return len(self._feeds)

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
                self._trim()
            else:
                self._feeds.move_to_end(game_id)
            return found


@contextmanager
def _held(lock: threading.Lock, seconds: float | None = None) -> Iterator[None]:
    """Hold a game's feed lock, waiting at most `seconds` (FEED_WAIT_SECONDS unless given;
    FeedBusy past it)."""
    if not lock.acquire(timeout=FEED_WAIT_SECONDS if seconds is None else seconds):
        raise FeedBusy()
    try:
        yield
    finally:
        lock.release()
