"""The server CPU of one hint (GET /games/{id}/hints): the whole request through the real
app (its rate-limit checks on, the budgets raised; the game read from a real Redis, the
estimate, the JSON answer), `time.process_time()` of this process around each request
(redis-server's own CPU is not counted: it only answers one read). Skyjo and Skip-Bo
tables of two players against the server's greedy bot, a hint asked before each of the
human seat's moves, the move then played by the expert; percentiles over every hint.

Run on purpose: `nice -n 5 .venv/bin/python bench/hints_cost.py [--games 40]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from cardtable_engine.registry import get_rules

RAISED = (
    "rate_limit_analysis",
    "rate_limit_moves",
    "rate_limit_reads",
    "rate_limit_seat_moves",
    "rate_limit_seat_reads",
    "rate_limit_create",
)
"""The budgets raised so that one client can play many games (the hints' checks stay on)."""


def measure(url: str, game: str, games: int, options: dict[str, object]) -> list[float]:
    raised = {name: "1000000/minute" for name in RAISED}
    settings = Settings(redis_url=url, key_prefix=f"hints-{game}", **raised)  # type: ignore
    app = create_app(settings)
    client = app.test_client()
    expert = get_rules(game).bots["expert"]
    rng = random.Random(1)
    cpu: list[float] = []
    for deal in range(games):
        created = client.post(
            "/games",
            json={
                "game": game,
                "players": [{"name": "Human"}, {"name": "Bot", "bot": "greedy"}],
                "seed": deal,
                "options": options,
            },
        ).get_json()
        game_id, token = created["id"], created["players"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        while True:
            start = time.process_time()
            answer = client.get(f"/games/{game_id}/hints", headers=auth)
            spent = time.process_time() - start
            if answer.status_code != 200:
                assert answer.get_json()["code"] == "not_your_turn", answer.get_json()
                break
            cpu.append(spent)
            view = client.get(f"/games/{game_id}", headers=auth).get_json()
            legal = [hint["move"] for hint in answer.get_json()["moves"]]
            move = expert(view, legal, rng)
            moved = client.post(f"/games/{game_id}/moves", json={"move": move}, headers=auth)
            assert moved.status_code == 200, moved.get_json()
    app.extensions["cardtable"].redis.close()
    return cpu


def at(cpu: list[float], quantile: float) -> float:
    """The quantile of sorted CPU seconds, in ms."""
    return cpu[int(quantile * (len(cpu) - 1))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    with RedisServer() as server:
        for game, options, games in (
            ("skyjo", {}, args.games),
            ("skipbo", {"stock_size": 10}, max(1, args.games // 4)),
        ):
            cpu = sorted(measure(server.url, game, games, options))
            print(
                f"{game}: {len(cpu)} hints over {games} games: CPU per hint mean"
                f" {statistics.fmean(cpu) * 1000:.2f} ms, p50 {at(cpu, 0.5):.2f} ms,"
                f" p99 {at(cpu, 0.99):.2f} ms, max {cpu[-1] * 1000:.2f} ms"
            )


if __name__ == "__main__":
    main()
