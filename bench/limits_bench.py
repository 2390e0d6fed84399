"""What one client can cost the others, with the default budgets (docs/limits.md).

Starts a real redis-server and gunicorn as shipped (rate limits on, default budgets; one
proxy trusted, so that clients are told apart by X-Forwarded-For on this one machine) and
prints, side by side in one run:

1. the leave lever: /livez p99 and a victim's view p50 alone, then while one attacking
   address (4 threads) keeps creating Skip-Bo games of one human and three random bots,
   leaving them (the bots then play the game out) and reading them (each read plays the
   next bounded slice), within and over its budgets;
2. a refused request's server CPU against a served view's (CPU of gunicorn and its workers
   per request, many requests each);
3. optionally (`--move-loop SECONDS`), bench/move_loop.py with limits on and off.

Run on purpose: `.venv/bin/python bench/limits_bench.py [--seconds 20] [--move-loop 10]`.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness
sys.path.insert(0, str(HERE))

from move_loop import tree_cpu  # noqa: E402

from cardtable.server.redis_server import RedisServer  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402

ATTACKER = "203.0.113.66"
VICTIM = "198.51.100.1"
HEAVY = {
    "game": "skipbo",
    "players": [{"name": "Ann"}] + [{"name": f"B{i}", "bot": "random"} for i in range(3)],
    "options": {"stock_size": 30, "target_score": 5000},
}


def _from(address: str, token: str | None = None) -> dict[str, str]:
    headers = {"X-Forwarded-For": address}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return headers


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


class Probe(threading.Thread):
    """/livez every 50 ms on a new connection (as a kubelet does): latencies in ms."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url, self.stop, self.latencies = url, threading.Event(), []

    def run(self) -> None:
        while not self.stop.is_set():
            start = time.perf_counter()
            httpx.get(f"{self.url}/livez", timeout=30)
            self.latencies.append((time.perf_counter() - start) * 1000)
            time.sleep(0.05)


def victim_views(url: str, game_id: str, token: str, seconds: float) -> list[float]:
    latencies = []
    end = time.monotonic() + seconds
    with httpx.Client(base_url=url, timeout=30, headers=_from(VICTIM, token)) as client:
        while time.monotonic() < end:
            start = time.perf_counter()
            response = client.get(f"/games/{game_id}")
            assert response.status_code == 200, (response.status_code, response.text)
            latencies.append((time.perf_counter() - start) * 1000)
            time.sleep(0.12)  # a player's pace, inside the read budget (10 a second)
    return latencies


def attacker(url: str, stop: threading.Event, answers: dict[int, int]) -> None:
    games: list[str] = []
    with httpx.Client(base_url=url, timeout=60, headers=_from(ATTACKER)) as client:
        while not stop.is_set():
            created = client.post("/games", json=HEAVY)
            answers[created.status_code] = answers.get(created.status_code, 0) + 1
            if created.status_code == 201:
                body = created.json()
                token = body["players"][0]["token"]
                left = client.post(
                    f"/games/{body['id']}/leave", headers={"Authorization": f"Bearer {token}"}
                )
                answers[left.status_code] = answers.get(left.status_code, 0) + 1
                games.append(body["id"])
            for game_id in games[-8:]:
                read = client.get(f"/games/{game_id}")
                answers[read.status_code] = answers.get(read.status_code, 0) + 1


def victim_game(client: httpx.Client) -> tuple[str, str]:
    """A two-player Skyjo game of the victim's: its id and the first seat's token."""
    created = client.post(
        "/games",
        json={"game": "skyjo", "players": [{"name": "v"}, {"name": "w"}]},
        headers=_from(VICTIM),
    ).json()
    return created["id"], created["players"][0]["token"]


def leave_lever(url: str, seconds: float) -> None:
    with httpx.Client(base_url=url, timeout=30) as client:
        game_id, token = victim_game(client)
    probe = Probe(url)
    probe.start()
    alone = victim_views(url, game_id, token, seconds / 2)
    livez_alone, probe.latencies = probe.latencies, []
    stop, answers = threading.Event(), {}
    threads = [
        threading.Thread(target=attacker, args=(url, stop, answers), daemon=True) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    time.sleep(2)  # the attackers' first bursts
    under = victim_views(url, game_id, token, seconds)
    livez_under = probe.latencies
    stop.set()
    probe.stop.set()
    for thread in threads:
        thread.join()
    base, lever = statistics.median(alone), statistics.median(under)
    print("1. leave lever from one address (4 threads: create, leave, read its games)")
    print(f"   attacker answers by status: {dict(sorted(answers.items()))}")
    print(f"   victim view p50: alone {base:.1f} ms, under the lever {lever:.1f} ms "
          f"(x{lever / base:.2f})")  # fmt: skip
    print(f"   /livez p99: alone {percentile(livez_alone, 0.99):.1f} ms, "
          f"under the lever {percentile(livez_under, 0.99):.1f} ms")  # fmt: skip


def cpu_per_request(pid: int, send: Any, count: int) -> float:
    start = tree_cpu(pid)
    send(count)
    return (tree_cpu(pid) - start) / count * 1000


def refusal_cost(url: str, pid: int, count: int) -> None:
    with httpx.Client(base_url=url, timeout=30) as client:
        path = f"/games/{victim_game(client)[0]}"

        def served(n: int) -> None:
            for i in range(n):  # 200 addresses, each far under its read budget
                response = client.get(path, headers=_from(f"10.77.{i % 200 // 100}.{i % 100 + 1}"))
                assert response.status_code == 200, response.text

        flooder = _from("203.0.113.99")
        statuses: dict[int, int] = {}

        def flood(n: int) -> None:
            with httpx.Client(base_url=url, timeout=30, headers=flooder) as own:
                for _ in range(n):
                    status = own.get(path).status_code
                    statuses[status] = statuses.get(status, 0) + 1

        def refused(n: int) -> None:
            # One address, 8 connections, over its read budget: refused, but for the one
            # request its bucket lets through every 50 ms (1200/minute).
            threads = [threading.Thread(target=flood, args=(n // 8,)) for _ in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()

        def exhaust() -> None:
            while client.get(path, headers=flooder).status_code != 429:
                pass

        served(400)  # warm both paths up
        exhaust()
        refused(400)
        view = cpu_per_request(pid, served, count)
        exhaust()  # its bucket refilled meanwhile
        statuses.clear()
        total = count // 8 * 8
        flooded = cpu_per_request(pid, refused, total)
        view_again = cpu_per_request(pid, served, count)
    view = statistics.mean([view, view_again])
    ok, refusals = statuses.get(200, 0), statuses.get(429, 0)
    # The flood's CPU less its few served views, per refusal.
    refusal = (flooded * total - ok * view) / max(1, refusals)
    print("2. server CPU per request (gunicorn and its workers)")
    print(f"   served view {view:.3f} ms; a flood over the budget {flooded:.3f} ms a request "
          f"({dict(sorted(statuses.items()))}): a 429 costs {refusal:.3f} ms, "
          f"{refusal / view:.0%} of a served view")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20, help="victim views under the lever")
    parser.add_argument("--requests", type=int, default=3000, help="per CPU figure")
    parser.add_argument("--move-loop", type=float, default=0, help="seconds per move-loop row")
    args = parser.parse_args()
    with (
        RedisServer() as redis_server,
        LiveServer(
            redis_url=redis_server.url, extra_env={"CARDTABLE_TRUSTED_PROXIES": "1"}
        ) as server,
    ):
        assert server.process is not None
        leave_lever(server.url, args.seconds)
        refusal_cost(server.url, server.process.pid, args.requests)
    if args.move_loop:
        print("3. bench/move_loop.py --limits both")
        subprocess.run(
            [sys.executable, str(HERE / "move_loop.py"), "--limits", "both",
             "--seconds", str(args.move_loop), "--games", "skyjo", "--players", "2"],
            check=True,
        )  # fmt: skip


if __name__ == "__main__":
    main()
