"""The cost of one move early and late in a long game: bytes the move's requests read from and
write to Redis (the server's own network counters) and the CPU the service spends, at move
10 and at move 3,000 of a Skip-Bo match to 500 (random legal moves), median over a window
of moves around each. A cost flat in game length shows the log is never re-read nor
rewritten by a move.

The same match is played twice (same seed, same moves): one copy is first brought to the
start of the late window, then the moves of both windows are measured in turns, one early
move then one late move, so that the machine's load (a shared machine drifts by tens of
percent within seconds) weighs on both figures alike.

Run on purpose: `.venv/bin/python bench/move_cost.py [--players 2] [--at 10 3000]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator

import redis

from cardtable.games.service import GameService
from cardtable.server.redis_server import RedisServer
from cardtable.store import DocumentStore

WINDOW = 51


def net_bytes(client: redis.Redis) -> tuple[int, int]:
    stats = client.info("stats")
    return int(stats["total_net_input_bytes"]), int(stats["total_net_output_bytes"])


def measure_move(
    service: GameService, client: redis.Redis, game_id: str, token: str, move: dict
) -> tuple[int, int, float]:
    """(bytes written, bytes read, CPU seconds) of one move, INFO's own traffic taken off."""
    written0, read0 = net_bytes(client)
    cpu = time.process_time()
    service.move(game_id, token, move)
    cpu = time.process_time() - cpu
    written1, read1 = net_bytes(client)
    written2, read2 = net_bytes(client)  # the cost of one INFO call, to take off
    return (
        (written1 - written0) - (written2 - written1),
        (read1 - read0) - (read2 - read1),
        cpu,
    )


def match(
    service: GameService, client: redis.Redis, players: int, seed: int, first: int, last: int
) -> Iterator[tuple[int, tuple[int, int, float] | None]]:
    """One match's moves 1, 2, ... (random legal moves, the same for the same seed): yields
    each move's number and, from move `first` to `last`, its measured cost."""
    names = [{"name": f"p{seat}"} for seat in range(players)]
    game, tokens, _, _ = service.create("skipbo", names, {"target_score": 500}, seed)
    rng = random.Random(seed)
    number = 0
    while number < last:
        state = service.load(game.game_id).state
        if state.is_over:
            return
        number += 1
        seat = rng.choice(state.active_seats())
        move = rng.choice(state.legal_moves(seat))
        if number >= first:
            yield number, measure_move(service, client, game.game_id, tokens[seat], move)
        else:
            service.move(game.game_id, tokens[seat], move)
            yield number, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--at", type=int, nargs="+", default=[10, 3000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    windows = {
        at: (max(1, at - WINDOW // 2), max(1, at - WINDOW // 2) + WINDOW - 1) for at in args.at
    }
    with RedisServer() as server:
        client = redis.Redis.from_url(server.url)
        store = DocumentStore(client, "game", prefix="bench")
        service = GameService(store)
        matches = {
            at: match(service, client, args.players, args.seed, first, last)
            for at, (first, last) in windows.items()
        }
        figures: dict[int, list[tuple[int, int, float]]] = {at: [] for at in windows}
        played: dict[int, int] = dict.fromkeys(windows, 0)
        for at, (first, _) in windows.items():  # bring each copy to its window
            while played[at] < first - 1 and next(matches[at], None) is not None:
                played[at] += 1
        running = dict(matches)
        while running:  # then one move of each in turn
            for at, moves in list(running.items()):
                step = next(moves, None)
                if step is None:
                    del running[at]
                    continue
                played[at], cost = step
                if cost is not None:
                    figures[at].append(cost)
        print(f"Skip-Bo to 500, {args.players} players, seed {args.seed}")
        print(f"{'move':>8}{'bytes written':>15}{'bytes read':>12}{'CPU ms':>9}   (median of "
              f"up to {WINDOW} moves around it, measured in turns)")  # fmt: skip
        rows = []
        for at in windows:
            if not figures[at]:
                print(f"{at:>8}   (the match ended before this move)")
                continue
            row = [statistics.median(column) for column in zip(*figures[at], strict=True)]
            rows.append(row)
            print(f"{at:>8}{row[0]:>15.0f}{row[1]:>12.0f}{row[2] * 1000:>9.2f}"
                  f"   ({len(figures[at])} moves, to move {played[at]})")  # fmt: skip
        if len(rows) >= 2:
            ratios = [late / early for early, late in zip(rows[0], rows[-1], strict=True)]
            print(f"{'late/early':>8}{ratios[0]:>15.2f}{ratios[1]:>12.2f}{ratios[2]:>9.2f}")


if __name__ == "__main__":
    main()
