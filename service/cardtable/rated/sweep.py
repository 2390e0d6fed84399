"""The settle sweep: every finished rated game has its ratings settled within a bounded
time, whether or not anyone reads it again.

A rated game is settled when it is written finished, or read finished
(cardtable.rated.ratings). A process killed between the final write and the settle would
leave the game unsettled until its next read, which may never come. So before a rated game
is written finished, its id is put in one sorted set (`<prefix>:rated:{settle}`), due a
grace period later (the write's own settle removes it in the meantime); a background loop
in every server process takes a bounded batch of due ids at each tick (one script: a batch
is claimed by one replica, and a claimer that dies leaves its batch due again later) and
reads each game, which settles it. Settling stays exactly once on any number of replicas
because the settle itself is (the result is kept by HSETNX, each player's share applied by
`rating_apply.lua` once per game).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.games.live_table import Game
from cardtable.games.service import GameService
from cardtable.rated.ratings import Ratings
from cardtable.server import lifecycle
from cardtable.store import NotFound, RedisClient
from cardtable.store.scripts import lua

log = logging.getLogger("cardtable.rated.sweep")


@dataclass(frozen=True)
class SweepSettings:
    interval_seconds: float = 5.0
    """How often each server process looks for due games (0: never)."""
    grace_seconds: float = 10.0
    """A game written finished is due this long after (its own settle takes milliseconds)."""
    batch: int = 50
    """Games one process settles per tick at most (bounded work per tick)."""
    retry_seconds: float = 60.0
    """A claimed game not settled (a failure, a claimer that died) is due again after this."""

    @property
    def bound_seconds(self) -> float:
        """A finished rated game is settled within this, read or not (while the due backlog
        fits in one batch per tick across the processes)."""
        return self.grace_seconds + self.interval_seconds


class SettleSweep:
    def __init__(
        self,
        redis: RedisClient,
        prefix: str,
        games: GameService,
        ratings: Ratings,
        settings: SweepSettings,
        clock: Callable[[], float],
    ) -> None:
        self.redis = redis
        self.key = f"{prefix}:rated:{{settle}}"
        self.games = games
        self.ratings = ratings
        self.settings = settings
        self.clock = clock
        self._claim = redis.register_script(lua("settle_claim"))
        self._started = threading.Lock()

    def install(self) -> None:
        """Hook into the games: mark a rated game before it is written finished; its
        settle at the write (or at a later read) removes the mark."""
        self.games.on_finishing = self.mark
        self.games.on_finished = self.settle

    def mark(self, game: Game) -> None:
        self.redis.zadd(self.key, {game.game_id: self.clock() + self.settings.grace_seconds})

    def settle(self, game: Game) -> None:
        if self.ratings.settle(game):
            self.redis.zrem(self.key, game.game_id)

    def pending(self) -> list[str]:
        """The marked games (settled or not yet swept), for tests and operators."""
        return [member.decode() for member in self.redis.zrange(self.key, 0, -1)]

    def tick(self) -> int:
        """Settle a batch of due games; how many were settled by this tick."""
        now = self.clock()
        claimed = self._claim(
            keys=[self.key],
            args=[now, self.settings.batch, now + self.settings.retry_seconds],
        )
        settled = 0
        for raw in claimed:
            game_id = raw.decode()
            try:
                settled += self._sweep(game_id)
            except Exception:  # this game only; it is due again after retry_seconds
                log.exception("settle sweep: rated game %s not settled yet", game_id)
        return settled

    def _sweep(self, game_id: str) -> int:
        was_settled = self.ratings.is_settled(game_id)
        try:
            game = self.games.load(game_id)  # a finished rated game settles at its read
        except NotFound:
            self.redis.zrem(self.key, game_id)  # expired: nothing left to settle
            return 0
        if not game.finished or self.ratings.is_game_settled(game):
            # Unfinished: the write that marked it did not land (its next finishing write
            # marks it again). Settled: by this read or before (a duplicate set's game: its
            # set, counted by the set's own settle, not here).
            self.redis.zrem(self.key, game_id)
            return int(game.finished and not was_settled and not game.hosting.rated_set)
        # The settle failed (logged), or a duplicate set's game waits for the rest of its
        # set: due again after retry_seconds.
        return 0

    def start(self) -> None:
        """Run the sweep in the background of this server process (once; a greenlet under
        gevent), until the process shuts down."""
        if self.settings.interval_seconds <= 0 or not self._started.acquire(blocking=False):
            return
        threading.Thread(target=self._run, name="settle-sweep", daemon=True).start()

    def _run(self) -> None:
        while not lifecycle.pause(self.settings.interval_seconds):
            try:
                settled = self.tick()
            except Exception:  # Redis away: the next tick tries again
                log.warning("settle sweep: tick failed", exc_info=True)
                continue
            if settled:  # each one a settle cut short: worth an operator's attention
                log.warning("settle sweep: settled %d rated games no write or read had", settled)
