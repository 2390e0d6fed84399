"""Bytes per stored game, for Redis sizing: Redis's MEMORY USAGE of a game's keys (its hash
and its log, every field counted) at creation, mid-game and at the end, for both games
(random legal moves, 2 and 4 players), 2-player games played by the SDK over HTTP (a real
gunicorn: every key of the game counted, the Idempotency-Key records of its keyed create
and moves included), then finished games of greedy bots (longer games), a Skip-Bo match to
500 included.

Run on purpose: `.venv/bin/python bench/game_size.py`."""

from __future__ import annotations

import random
import statistics
import sys
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import redis

from cardtable.config import Settings
from cardtable.games.idempotency import move_once
from cardtable.games.live_table import Game
from cardtable.games.service import GameService
from cardtable.server.redis_server import RedisServer
from cardtable.store import DocumentStore
from cardtable_engine.table import AppliedMove
from cardtable_sdk import Cardtable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the test harness's gunicorn
from tests.e2e.gunicorn import Gunicorn
from tests.support.limits import RAISED_LIMITS_ENV

Created = tuple[Game, list[str | None], str | None, list[AppliedMove]]


@dataclass(frozen=True)
class Setup:
    """A game to size: which, how many seats (named p0, p1...), its options."""

    game: str
    players: int
    options: Mapping[str, object] = field(default_factory=dict)

    def create(self, service: GameService, seed: int, bot: str | None = None) -> Created:
        """The game created (every seat `bot`'s when one is named), as service.create
        answers it."""
        names = [{"name": f"p{i}"} | ({"bot": bot} if bot else {}) for i in range(self.players)]
        return service.create(self.game, names, self.options, seed)


def medians(play: Callable[..., Sequence[int]], *args: object) -> list[int]:
    """The column medians of five games, `play(*args, seed)` for seeds 0 to 4."""
    rows = [play(*args, seed) for seed in range(5)]
    return [int(statistics.median(column)) for column in zip(*rows, strict=True)]


def measure(
    service: GameService, store: DocumentStore, setup: Setup, seed: int
) -> tuple[int, int, int, int]:
    loaded, tokens, _, _ = setup.create(service, seed)
    start = store.stored_bytes(loaded.game_id)
    sizes = []

    def move(seat: int, move: dict[str, object]) -> None:
        service.move(loaded.game_id, tokens[seat], move)
        sizes.append(store.stored_bytes(loaded.game_id))

    play_randomly(service, loaded.game_id, seed, move)
    return start, sizes[len(sizes) // 2], sizes[-1], len(sizes)


def play_randomly(
    service: GameService, game_id: str, seed: int, move: Callable[[int, dict[str, object]], None]
) -> int:
    """Random legal moves (`move(seat, move)` makes one) until the game is over; how many."""
    rng, moves = random.Random(seed), 0
    while True:
        game_now = service.load(game_id)
        if game_now.state.is_over:
            return moves
        seat = rng.choice(game_now.state.active_seats())
        move(seat, rng.choice(game_now.state.legal_moves(seat)))
        moves += 1


def keyed_game(
    service: GameService, store: DocumentStore, game: str, seed: int
) -> tuple[int, int, int, int]:
    """Two seats played as the SDK plays them: every move with a fresh Idempotency-Key
    (cardtable.games.idempotency, as the moves route does). (Bytes of every key of the game at its
    end, of which the hash and log, the idempotency records; moves.)"""
    loaded, tokens, _, _ = Setup(game, 2).create(service, seed)

    def keyed(seat: int, move: dict[str, object]) -> None:
        move_once(service, loaded.game_id, tokens[seat], move, None, str(uuid.uuid4()))

    moves = play_randomly(service, loaded.game_id, seed, keyed)
    own = sum(store.key_bytes(loaded.game_id))
    records = [
        int(store.redis.memory_usage(key, samples=0) or 0)
        for key in store.redis.scan_iter(match=store.record_key_for(loaded.game_id, "*"))
    ]
    return own + sum(records), own, sum(records), moves


def sdk_game(url: str, client: redis.Redis, prefix: str, game: str, seed: int) -> list[int]:
    """A 2-player game created and played to its end by the SDK (random legal moves, each
    seat its own session): [bytes of every key of the game, of which the hash and log, the
    records, moves]. The SDK keys its create and every move (one Idempotency-Key each)."""
    rng, moves = random.Random(seed), 0
    with Cardtable(url) as table:
        created = table.create_game(game, ["p0", "p1"], seed=seed)
        seats = [created.seat(0), created.seat(1)]
        while True:
            turns = [seat.turn() for seat in seats]
            if turns[0].view.finished:
                break
            seat, turn = next((s, t) for s, t in zip(seats, turns, strict=True) if t.legal_moves)
            seat.move(rng.choice(turn.legal_moves))
            moves += 1
    keys = list(client.scan_iter(match=f"{prefix}:game:{{{created.id}}}*"))
    sizes = {key: int(client.memory_usage(key, samples=0) or 0) for key in keys}
    records = sum(size for key, size in sizes.items() if b":rec:" in key)
    return [sum(sizes.values()), sum(sizes.values()) - records, records, moves]


def bots_only(
    service: GameService, store: DocumentStore, setup: Setup, seed: int
) -> tuple[int, int, int, int]:
    """A game of greedy bots, played to its end when created: (bytes, of which the hash and
    the log, moves)."""
    loaded, _, _, _ = setup.create(service, seed, bot="greedy")
    finished = loaded
    while not finished.finished:  # bots-only games are played on by the requests that read
        finished = service.load(loaded.game_id)
    hash_bytes, log_bytes = store.key_bytes(loaded.game_id)
    return hash_bytes + log_bytes, hash_bytes, log_bytes, finished.state.version


def main() -> None:
    with RedisServer() as server:
        client = redis.Redis.from_url(server.url)
        settings = Settings(redis_url=server.url)
        store = DocumentStore(client, "game", prefix=settings.key_prefix)
        service = GameService(store)
        print(
            f"{'game':<8}{'players':>8}{'created':>10}{'mid-game':>10}{'finished':>10}"
            f"{'moves':>8}   (bytes, median of 5 games)"
        )
        for game, options in (("skyjo", {}), ("skipbo", {})):
            for players in (2, 4):
                setup = Setup(game, players, options)
                med = medians(measure, service, store, setup)
                print(f"{game:<8}{players:>8}{med[0]:>10}{med[1]:>10}{med[2]:>10}{med[3]:>8}")
        print(
            f"\n{'keyed moves (as the SDK)':<28}{'finished':>10}{'game':>8}{'records':>8}"
            f"{'moves':>8}   (bytes, median of 5 games; records: the moves' Idempotency-Keys)"
        )
        for game in ("skyjo", "skipbo"):
            med = medians(keyed_game, service, store, game)
            print(f"{game + ' 2p':<28}{med[0]:>10}{med[1]:>8}{med[2]:>8}{med[3]:>8}")
        print(
            f"\n{'played by the SDK':<28}{'finished':>10}{'game':>8}{'records':>8}"
            f"{'moves':>8}   (bytes, median of 5 games; records: the create's and moves' keys)"
        )
        env = {
            **RAISED_LIMITS_ENV,
            "CARDTABLE_REDIS_URL": server.url,
            "CARDTABLE_KEY_PREFIX": "sized",
        }
        with Gunicorn(env=env, ready_path="/readyz") as gunicorn:
            for game in ("skyjo", "skipbo"):
                med = medians(sdk_game, gunicorn.url, client, "sized", game)
                print(f"{game + ' 2p':<28}{med[0]:>10}{med[1]:>8}{med[2]:>8}{med[3]:>8}")
        print(
            f"\n{'greedy bots':<28}{'finished':>10}{'hash':>8}{'log':>8}{'moves':>8}"
            "   (bytes, median of 5 games)"
        )
        service = GameService(store, bot_budget_seconds=60, bot_moves_per_request=100_000)
        for game, options in (("skyjo", {}), ("skipbo", {}), ("skipbo", {"target_score": 500})):
            for players in (2, 4):
                setup = Setup(game, players, options)
                med = medians(bots_only, service, store, setup)
                label = f"{game} {players}p" + (" to 500" if options else "")
                print(f"{label:<28}{med[0]:>10}{med[1]:>8}{med[2]:>8}{med[3]:>8}")


if __name__ == "__main__":
    main()
