"""The cost of one move early and late in a long game: bytes the move's requests read from and
write to Redis (the server's own network counters) and the CPU the service spends, at move
10 and at move 3,000 of a Skip-Bo match to 500 (random legal moves), median over a window
of moves around each. A cost flat in game length shows the log is never re-read nor
rewritten by a move.

Run on purpose: `.venv/bin/python bench/move_cost.py [--players 2] [--at 10 3000]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import redis

from cardtable.games import GameService
from cardtable.redis_server import RedisServer
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--at", type=int, nargs="+", default=[10, 3000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    windows = {at: range(at - WINDOW // 2, at + WINDOW // 2 + 1) for at in args.at}
    wanted = {move for window in windows.values() for move in window}
    figures: dict[int, tuple[int, int, float]] = {}
    with RedisServer() as server:
        client = redis.Redis.from_url(server.url)
        store = DocumentStore(client, "game", prefix="bench")
        service = GameService(store)
        names = [{"name": f"p{seat}"} for seat in range(args.players)]
        game, tokens, _, _ = service.create("skipbo", names, {"target_score": 500}, args.seed)
        rng = random.Random(args.seed)
        number = 0
        while number < max(wanted):
            state = service.load(game.game_id).state
            if state.is_over:
                break
            number += 1
            seat = rng.choice(state.active_seats())
            move = rng.choice(state.legal_moves(seat))
            if number in wanted:
                figures[number] = measure_move(service, client, game.game_id, tokens[seat], move)
            else:
                service.move(game.game_id, tokens[seat], move)
        print(f"Skip-Bo to 500, {args.players} players, seed {args.seed}: {number} moves played")
        print(f"{'move':>8}{'bytes written':>15}{'bytes read':>12}{'CPU ms':>9}   (median of "
              f"{WINDOW} moves around it)")  # fmt: skip
        rows = []
        for at, window in windows.items():
            measured = [figures[move] for move in window if move in figures]
            if not measured:
                print(f"{at:>8}   (the match ended before this move)")
                continue
            row = [statistics.median(column) for column in zip(*measured, strict=True)]
            rows.append(row)
            print(f"{at:>8}{row[0]:>15.0f}{row[1]:>12.0f}{row[2] * 1000:>9.2f}")
        if len(rows) >= 2:
            ratios = [late / early for early, late in zip(rows[0], rows[-1], strict=True)]
            print(f"{'late/early':>8}{ratios[0]:>15.2f}{ratios[1]:>12.2f}{ratios[2]:>9.2f}")
        print(f"stored: {store.stored_bytes(game.game_id)} bytes (MEMORY USAGE, snapshot + log)")


if __name__ == "__main__":
    main()
