"""The ladder runner: a bot of yours plays rated games on a Cardtable server, in the spirit
of lichess-bot.

    cardtable-ladder --url https://cardtable.example --name MyBot --game skyjo \\
        --bot mybot.py                       # creates the bot player, prints its key once
    cardtable-ladder --url https://cardtable.example --key KEY --game skyjo \\
        --bot mymodule:mybot --games 20 --parallel 2

It queues the player (`POST /queue`), long-polls its ticket until matched, plays each matched
game with the bot (the SDK's `play`, the same `(view, legal_moves) -> move` bots as the arena
and local play; a function of three parameters gets a `random.Random` too), up to
`--parallel` games at once, and queues again until `--games` games were played.

With `--duplicate` (a bot against the server's bots or other bots) each match is a
duplicate set: the same deal once from every seat rotation, rated once on the set. The
runner plays every game of a set at once; `--games` and `--parallel` then count sets.

Ctrl-C stops cleanly: the waiting ticket is cancelled (one matched meanwhile is played),
the games under way are played to their end, and the summary is printed (games played, won,
the rating before and after); exit status 0. A second Ctrl-C leaves the games under way
(the server's bot finishes each; a leaver places last) and exits at once, also with 0.
"""

from __future__ import annotations

import argparse
import inspect
import logging
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable_sdk._botspec import import_function
from cardtable_sdk.client import Cardtable, PlayerSession, SeatSession
from cardtable_sdk.errors import AlreadyLeft, AlreadyMatched, CardtableError, TransientError
from cardtable_sdk.players import Ticket
from cardtable_sdk.runner import Bot, PlayResult, play
from cardtable_sdk.views import MoveList, View

__all__ = ["Ladder", "LadderReport", "console", "load_ladder_bot", "main"]

log = logging.getLogger("cardtable_sdk.ladder")

QUEUE_PAUSE = 5.0
"""Seconds to wait before queueing again after a transient failure without Retry-After."""

POLL_SECONDS = 25.0
"""How long each long-poll of a waiting ticket is held (the server allows up to 30)."""


def load_ladder_bot(spec: str, game: str | None = None) -> Bot:
    """The bot `module:function`, `file.py[:function]` or `policy:file.npz` names, as the
    runner calls it (a policy file must be for `game` when it is given)."""
    function = import_function(spec, game)
    if len(inspect.signature(function).parameters) < 3:
        return function
    rng = random.Random()

    def bot(view: View, legal: MoveList) -> Mapping[str, Any]:
        return function(view, legal, rng)  # type: ignore[no-any-return]

    bot.__name__ = getattr(function, "__name__", "bot")
    return bot


@dataclass
class LadderReport:
    """What a ladder run did: games finished (and won), abandoned, and the player's
    rating in the game before and after (None when the server had none)."""

    player_id: str | None = None
    played: int = 0
    won: int = 0
    abandoned: int = 0
    failed: int = 0
    sets: int = 0
    rating_before: float | None = None
    rating_after: float | None = None
    games: list[str] = field(default_factory=list)

    def summary(self, game: str) -> str:
        def shown(rating: float | None) -> str:
            return "none" if rating is None else f"{rating:.2f}"

        parts = [f"{self.played} game(s) of {game} played, {self.won} won"]
        if self.sets:
            parts.append(f"in {self.sets} duplicate set(s)")
        if self.abandoned:
            parts.append(f"{self.abandoned} abandoned")
        if self.failed:
            parts.append(f"{self.failed} failed")
        parts.append(f"rating {shown(self.rating_before)} -> {shown(self.rating_after)}")
        return "; ".join(parts)


class Ladder:
    """Queues one player again and again and plays its matched games with `bot`, up to
    `parallel` at once; `stop()` (Ctrl-C) ends it cleanly, `abandon()` leaves the games
    under way. `run()` returns the report."""

    def __init__(
        self,
        player: PlayerSession,
        bot: Bot,
        *,
        game: str,
        players: int = 2,
        opponents: str | None = "bots",
        games: int | None = None,
        parallel: int = 1,
        out: Callable[[str], None] = print,
        duplicate: bool = False,
    ) -> None:
        if parallel < 1:
            raise ValueError("parallel must be at least 1")
        self.player = player
        self.bot = bot
        self.game = game
        self.players = players
        self.opponents = opponents
        self.limit = games
        self.parallel = parallel
        self.out = out
        self.duplicate = duplicate
        self.per_match = players if duplicate else 1
        """Games a match brings: a duplicate set's every rotation, played at once."""
        self.report = LadderReport(player_id=player.player_id)
        self.stopping = threading.Event()
        self._lock = threading.Condition()
        self._running: dict[str, tuple[SeatSession, threading.Thread]] = {}
        self._waiting: Ticket | None = None
        self._matched = 0
        self._printing = threading.Lock()

    # -- the player's rating ---------------------------------------------------------

    def _rating(self) -> float | None:
        if self.player.player_id is None:
            return None
        try:
            rating = self.player.profile().rating(self.game)
        except CardtableError as error:
            log.warning("could not read the profile: %s", error)
            return None
        return None if rating is None else rating.rating

    def _learn_id(self, seat: SeatSession) -> None:
        """With only a key, the player's id is read from its first matched game (each seat
        of a rated game names its player), then its rating before any game of this run."""
        if self.player.player_id is not None:
            return
        view = seat.view()
        entry = view.get("players", [])[seat.seat]
        player_id = entry.get("player") if isinstance(entry, Mapping) else None
        if isinstance(player_id, str):
            self.player.player_id = self.report.player_id = player_id
            self.report.rating_before = self._rating()

    # -- games -----------------------------------------------------------------------

    def _say(self, line: str) -> None:
        """One whole line at a time, whichever thread says it."""
        with self._printing:
            self.out(line)

    def _play(self, seat: SeatSession) -> None:
        game_id = seat.game_id
        line, played, won = f"game {game_id}: not finished", False, False
        try:
            self._learn_id(seat)
            result: PlayResult = play(seat, self.bot)
            played, won = True, result.won
            line = f"game {game_id}: {'won' if won else 'lost'} ({result.moves} moves)"
        except AlreadyLeft:
            line = f"game {game_id}: left"
        except Exception as error:  # a bot's bug too: the other games go on
            line = f"game {game_id}: stopped by {type(error).__name__}: {error}"
        finally:
            # Counted and said before the game stops counting as under way: the summary,
            # printed once none is, comes after every game's line.
            with self._lock:
                mine = self._running.pop(game_id, None) is not None
                if mine:
                    self.report.played += played
                    self.report.won += won
                    self.report.failed += not played
                    if played:
                        self.report.games.append(game_id)
                    self._say(line)
                self._lock.notify_all()

    def _start(self, ticket: Ticket) -> None:
        assert ticket.game_id is not None
        seats = self.player.seats(ticket)  # a duplicate set: every rotation, at once
        with self._lock:
            self._matched += 1
            self.report.sets += 1 if ticket.games else 0
            for seat in seats:
                thread = threading.Thread(target=self._play, args=(seat,), daemon=True)
                self._running[seat.game_id] = (seat, thread)
                thread.start()
        if ticket.games:
            rotations = ", ".join(f"game {g.game_id} seat {g.seat}" for g in ticket.games)
            self._say(f"matched: duplicate set {ticket.set_id}: {rotations}")
        else:
            self._say(f"matched: game {ticket.game_id}, seat {ticket.seat}")

    def _wanted(self) -> bool:
        return not self.stopping.is_set() and (self.limit is None or self._matched < self.limit)

    def _room(self) -> bool:
        """Wait (Ctrl-C stays possible) until fewer than `parallel` games are under way."""
        with self._lock:
            full = self.parallel * self.per_match
            while len(self._running) >= full and not self.stopping.is_set():
                self._lock.wait(0.5)
        return self._wanted()

    def _queue_once(self) -> None:
        ticket = self._waiting  # still waiting after a transient failure: poll it again
        if ticket is None:
            ticket = self.player.enqueue(
                self.game,
                self.players,
                opponents=self.opponents,
                format="duplicate" if self.duplicate else None,
            )
            self._waiting = ticket
            self._say(f"queued: ticket {ticket.ticket}")
        while ticket.waiting:
            ticket = self.player.ticket(ticket, wait=POLL_SECONDS)
        self._waiting = None
        if ticket.matched:
            self._start(ticket)
        else:
            self._say(f"ticket {ticket.ticket} {ticket.status}: queueing again")

    # -- stopping --------------------------------------------------------------------

    def stop(self) -> None:
        """No more queueing: cancel the waiting ticket (a ticket matched meanwhile is
        played); the games under way go on to their end."""
        self.stopping.set()
        ticket, self._waiting = self._waiting, None
        if ticket is None:
            return
        try:
            self.player.cancel(ticket)
            self._say(f"ticket {ticket.ticket} cancelled")
        except AlreadyMatched:
            matched = self.player.ticket(ticket)
            if matched.matched:
                self._start(matched)
        except CardtableError as error:
            # Not cancelled (the server unreachable): unpolled, it expires by itself.
            self._say(f"ticket {ticket.ticket} not cancelled ({error.code}): it will expire")
        with self._lock:
            self._lock.notify_all()

    def abandon(self) -> None:
        """Leave every game under way (the server's bot plays each seat to the end)."""
        with self._lock:
            running = list(self._running.items())
            self._running.clear()
            self._lock.notify_all()
        for game_id, (seat, _) in running:
            try:
                seat.leave()
            except CardtableError as error:
                log.warning("leaving game %s: %s", game_id, error)
            self.report.abandoned += 1
            self._say(f"game {game_id}: left")

    def _join_games(self) -> None:
        with self._lock:
            while self._running:
                self._lock.wait(0.5)

    def run(self) -> LadderReport:
        """Play until `games` games were matched and played, or Ctrl-C."""
        self.report.rating_before = self._rating()
        try:
            try:
                while self._room():
                    try:
                        self._queue_once()
                    except TransientError as error:
                        # The queue's budget (429) or a passing outage that outlasted the
                        # call's retries: wait as asked, then queue again.
                        pause = max(error.retry_after or 0.0, QUEUE_PAUSE)
                        self._say(f"queueing paused {pause:.0f} s: {error.code}")
                        time.sleep(pause)
            except KeyboardInterrupt:
                self._say("stopping: finishing the games under way (Ctrl-C again to leave them)")
                self.stop()
            self._join_games()
        except KeyboardInterrupt:
            self.stopping.set()
            self.abandon()
        self.report.rating_after = self._rating()
        return self.report


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="cardtable-ladder",
        description="Play rated games on a Cardtable server with your bot.",
    )
    parser.add_argument("--url", default=os.environ.get("CARDTABLE_URL", "http://localhost:8000"))
    who = parser.add_mutually_exclusive_group()
    who.add_argument(
        "--key",
        default=os.environ.get("CARDTABLE_KEY"),
        help="the bot player's key (or $CARDTABLE_KEY)",
    )
    who.add_argument("--name", help="create a bot player of this name and print its key once")
    parser.add_argument(
        "--id",
        dest="player_id",
        help="the player's id (else read from a game); write --id=ID, as an id may begin with -",
    )
    parser.add_argument("--game", required=True, choices=("skyjo", "skipbo"))
    parser.add_argument(
        "--bot", required=True, help="module:function, file.py[:function] or policy:file.npz"
    )
    parser.add_argument("--games", type=int, default=None, help="stop after N games")
    parser.add_argument("--parallel", type=int, default=1, help="games played at once")
    parser.add_argument("--players", type=int, default=2, help="table size")
    parser.add_argument("--opponents", choices=("bots", "any", "humans"), default="bots")
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="play duplicate sets (the same deal from every seat, rated on the set; against "
        "bots only): --games and --parallel then count sets",
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.duplicate and args.opponents != "bots":
        parser.error("--duplicate plays against bots only (--opponents bots)")
    if not args.key and not args.name:
        parser.error("give --key KEY (or $CARDTABLE_KEY), or --name NAME to create a bot player")
    if args.parallel < 1 or (args.games is not None and args.games < 1):
        parser.error("--parallel and --games must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    try:
        bot = load_ladder_bot(args.bot, args.game)
    except (ValueError, ImportError) as error:
        print(f"cardtable-ladder: {error}", file=sys.stderr)
        return 2
    with Cardtable(args.url) as table:
        if args.name:
            created = table.create_player(args.name, kind="bot")
            # `--id=ID` in one word: an id may begin with "-", which argparse would take
            # for an option.
            print(f"created bot player {created.name!r}, id {created.id} (pass --id={created.id})")
            print(f"its key (shown only now; keep it, pass it with --key): {created.key}")
            player = table.player_session(created.key, created.id)
        else:
            player = table.player_session(args.key, args.player_id)
        ladder = Ladder(
            player,
            bot,
            game=args.game,
            players=args.players,
            opponents=args.opponents,
            games=args.games,
            parallel=args.parallel,
            out=lambda line: print(line, flush=True),
            duplicate=args.duplicate,
        )
        report = ladder.run()
    print(report.summary(args.game), flush=True)
    return 0


def console() -> None:
    # Ctrl-C is a KeyboardInterrupt in the main thread even when started in the background.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        sys.exit(main())
    except CardtableError as error:
        print(f"cardtable-ladder: {error}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    console()
