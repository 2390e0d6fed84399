"""Memory soak: does a worker's resident memory plateau under long-polls woken by moves?

Starts a real redis-server and one server (2 gevent workers, the project's settings;
budgets raised: one machine plays every client). `--games` Skyjo games are played by a
mover thread each (a legal move, then the next, a new game once one ends); each game has
two JSON long-polls of its feed (`/events?since=v&wait=10`), one view long-poll
(`GET /games/{id}?wait=10` with If-None-Match) and one Server-Sent Events stream, woken
by every move. Prints every minute each worker's RSS, the moves and woken polls so far,
and at the end each worker's slope over the second half of the run (MiB per minute) and
its growth there in percent (goal: flat, <= 5 %).

Run on purpose: `.venv/bin/python bench/memory_soak.py --minutes 10`.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.server.redis_server import RedisServer  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402

BUDGETS = {
    "CARDTABLE_RATE_LIMITS": "false",  # one machine plays every client
}


def worker_pids(master: int) -> list[int]:
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Soak:
    def __init__(self, url: str, stop: threading.Event):
        self.url = url
        self.stop = stop
        self.moves = 0
        self.woken = 0
        self.errors: dict[str, int] = {}
        self.current: dict[int, str] = {}

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def new_game(self, client: httpx.Client) -> dict[str, Any]:
        answer = client.post(
            f"{self.url}/games", json={"game": "skyjo", "players": [{"name": "A"}, {"name": "B"}]}
        )
        created: dict[str, Any] = answer.json()
        return created

    def mover(self, slot: int) -> None:
        with httpx.Client(timeout=30) as client:
            created = self.new_game(client)
            self.current[slot] = created["id"]
            while not self.stop.is_set():
                game_id = created["id"]
                view = client.get(f"{self.url}/games/{game_id}").json()
                if view.get("finished"):
                    created = self.new_game(client)
                    self.current[slot] = created["id"]
                    continue
                token = created["players"][view["active_seats"][0]]["token"]
                auth = {"Authorization": f"Bearer {token}"}
                legal = client.get(f"{self.url}/games/{game_id}/legal-moves", headers=auth)
                moved = client.post(
                    f"{self.url}/games/{game_id}/moves",
                    json={"move": legal.json()["moves"][0]},
                    headers=auth,
                )
                if moved.status_code != 200:
                    self.error(f"move {moved.status_code}")
                self.moves += 1
                time.sleep(0.1)

    def poller(self, slot: int, view: bool) -> None:
        with httpx.Client(timeout=30) as client:
            while not self.stop.is_set():
                game_id = self.current.get(slot)
                if game_id is None:
                    time.sleep(0.1)
                    continue
                version = client.get(f"{self.url}/games/{game_id}").json()["version"]
                if view:
                    answer = client.get(
                        f"{self.url}/games/{game_id}?wait=10",
                        headers={"If-None-Match": f'"{version}"'},
                    )
                else:
                    answer = client.get(
                        f"{self.url}/games/{game_id}/events?since={version}&wait=10"
                    )
                if answer.status_code == 200:
                    self.woken += 1
                elif answer.status_code != 304:
                    self.error(f"poll {answer.status_code}")

    def streamer(self, slot: int) -> None:
        with httpx.Client(timeout=httpx.Timeout(30, read=60)) as client:
            while not self.stop.is_set():
                game_id = self.current.get(slot)
                if game_id is None:
                    time.sleep(0.1)
                    continue
                try:
                    with client.stream(
                        "GET", f"{self.url}/games/{game_id}/events",
                        headers={"Accept": "text/event-stream"},
                    ) as stream:  # fmt: skip
                        for line in stream.iter_lines():
                            if self.stop.is_set() or self.current.get(slot) != game_id:
                                break
                            if line.startswith("id:"):
                                self.woken += 1
                except httpx.HTTPError as error:
                    self.error(f"stream {type(error).__name__}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args()
    with RedisServer() as redis:
        server = LiveServer(redis.url, workers=2, extra_env=BUDGETS).start()
        try:
            assert server.process is not None
            pids = worker_pids(server.process.pid)
            stop = threading.Event()
            soak = Soak(server.url, stop)
            threads = []
            for slot in range(args.games):
                threads.append(threading.Thread(target=soak.mover, args=(slot,)))
                threads.append(threading.Thread(target=soak.poller, args=(slot, False)))
                threads.append(threading.Thread(target=soak.poller, args=(slot, False)))
                threads.append(threading.Thread(target=soak.poller, args=(slot, True)))
                threads.append(threading.Thread(target=soak.streamer, args=(slot,)))
            for thread in threads:
                thread.daemon = True
                thread.start()
            samples: list[list[float]] = []
            started = time.monotonic()
            for minute in range(int(args.minutes) + 1):
                time.sleep(max(0.0, started + minute * 60 - time.monotonic()))
                samples.append([rss_mib(pid) for pid in pids])
                print(
                    f"minute {minute:>3}: RSS MiB {' '.join(f'{v:6.1f}' for v in samples[-1])}"
                    f" | moves {soak.moves} woken {soak.woken} errors {soak.errors or 0}",
                    flush=True,
                )
            stop.set()
            for thread in threads:
                thread.join(timeout=15)  # each ends after its request in flight
            half = len(samples) // 2
            for index, pid in enumerate(pids):
                first, last = samples[half][index], samples[-1][index]
                minutes = len(samples) - 1 - half
                print(
                    f"worker {pid}: second half {first:.1f} -> {last:.1f} MiB: "
                    f"{(last - first) / max(1, minutes):+.2f} MiB/min, "
                    f"{(last - first) / first * 100:+.1f} % (goal <= 5 %)"
                )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
