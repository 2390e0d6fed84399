"""A player's own event feed: one Server-Sent Events stream that says when one of its
tickets is matched (with the seat token) and when it is its turn in any of its rated games,
so that one connection serves a bot playing many games at once.

The queue keeps, per player, the rated games it was seated at (`<player key>:active`, in
the player's slot: "game_id seat" members, dropped once the game is over). The stream
keeps the player's waiting ticket alive (a poll of it each turn of the loop), is woken at
once when a ticket is matched (queue_match.lua notifies "player:<id>"), and reads the
versions of its games once a `TICK_SECONDS` (one pipelined read), loading only a game that
changed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from cardtable.rated.matchmaking import Queue, seat_token
from cardtable.store import NotFound

TICK_SECONDS = 1.0
ACTIVE_MAX = 64
"""Rated games one player plays at once that its feed follows."""


class PlayerFeed:
    def __init__(self, queue: Queue, player_id: str, key: str) -> None:
        self.queue = queue
        self.player_id = player_id
        self.key = key
        self.hub = queue.games.hub
        self.versions: dict[str, int] = {}
        self.announced: set[str] = set()

    def events(self, address: str | None, heartbeat: float) -> Iterator[str]:
        with self.hub.slot(address), self.hub.watching(f"player:{self.player_id}") as watch:
            yield ": feed open\n\n"
            idle = 0.0
            while not self.hub.stopping:
                sent = [f"data: {json.dumps(event)}\n\n" for event in self.step()]
                yield from sent
                idle = 0.0 if sent else idle + TICK_SECONDS
                if idle >= heartbeat:
                    idle = 0.0
                    yield ": heartbeat\n\n"
                self.hub.wait(watch, watch.version, TICK_SECONDS)

    def step(self) -> list[dict[str, Any]]:
        """What happened since the last step: matches, turns, ends."""
        events = self._ticket()
        games = self.queue.active_games(self.player_id)
        pipe = self.queue.redis.pipeline(transaction=False)
        for game_id in games:
            pipe.hget(self.queue.games.store.key_for(game_id), "version")
        for (game_id, seat), version in zip(games.items(), pipe.execute(), strict=True):
            if version is None or self.versions.get(game_id) == int(version):
                continue
            events += self._game(game_id, seat)
        return events

    def _ticket(self) -> list[dict[str, Any]]:
        ticket = self.queue.held_ticket(self.player_id)
        if ticket is None or ticket in self.announced:
            return []
        try:
            answer = self.queue.status(self.player_id, self.key, ticket)  # keeps it alive
        except NotFound:
            return []
        if answer["status"] == "waiting":
            return []
        self.announced.add(ticket)
        if answer["status"] != "matched":
            return [{"type": "ticket", "ticket": ticket, "status": answer["status"]}]
        return [{"type": "matched", **answer}]

    def _game(self, game_id: str, seat: int) -> list[dict[str, Any]]:
        try:
            game = self.queue.games.load(game_id)
        except NotFound:
            self.queue.drop_active(self.player_id, game_id, seat)
            return []
        self.versions[game_id] = game.version
        if game.finished:
            self.queue.drop_active(self.player_id, game_id, seat)
            return [{"type": "game_end", "game_id": game_id, "seat": seat, "version": game.version}]
        if seat in game.state.active_seats() and not game.seats[seat].bot:
            return [{"type": "turn", "game_id": game_id, "seat": seat, "version": game.version}]
        return []


__all__ = ["PlayerFeed", "seat_token"]
