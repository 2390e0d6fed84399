"""Memory soak: does a worker's resident memory plateau under long-polls woken by moves?

Starts a real redis-server and `--servers` servers on it (2 gevent workers each, the
project's settings; rate limits off: one machine plays every client). `--games` Skyjo
games are played by a mover thread each (a legal move, a pause of `--pause` seconds, the
next, a new game once one ends), the movers spread over the servers; each game has two
JSON long-polls of its feed (`/events?since=v&wait=10`), one view long-poll
(`GET /games/{id}?wait=10` with If-None-Match) and one Server-Sent Events stream, held on
the *other* server than its mover's (so every wake crosses Redis pub/sub), woken by every
move. Prints every minute each worker's RSS, the moves, woken polls and errors so far
(every non-200/304 answer and every transport error counts), and at the end each
worker's growth over the last `--tail` minutes (MiB per minute and percent; goal <= 5 %)
and, after `--idle` minutes without traffic, its RSS at rest.

Run on purpose: `nice -n 5 .venv/bin/python bench/memory_soak.py --minutes 60 --servers 2`.
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
    def __init__(self, urls: list[str], stop: threading.Event, pause: float):
        self.urls = urls
        self.stop = stop
        self.pause = pause
        self.moves = 0
        self.woken = 0
        self.errors: dict[str, int] = {}
        self.current: dict[int, str] = {}

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def mover_url(self, slot: int) -> str:
        return self.urls[slot % len(self.urls)]

    def watcher_url(self, slot: int) -> str:
        """The server a game's long-polls and stream are held on: the next one after its
        mover's, so a move on one server wakes waiters on another (through Redis)."""
        return self.urls[(slot + 1) % len(self.urls)]

    def new_game(self, client: httpx.Client, url: str) -> dict[str, Any]:
        answer = client.post(
            f"{url}/games", json={"game": "skyjo", "players": [{"name": "A"}, {"name": "B"}]}
        )
        answer.raise_for_status()
        created: dict[str, Any] = answer.json()
        return created

    def guarded(self, what: str, body: Any, *args: Any) -> None:
        """Run a client loop until the soak stops; a transport error or an unexpected
        answer counts as an error and the loop starts again (it never dies silently)."""
        while not self.stop.is_set():
            try:
                body(*args)
            except (httpx.HTTPError, KeyError, ValueError) as error:
                if not self.stop.is_set():
                    self.error(f"{what} {type(error).__name__}")
                    time.sleep(1)

    def mover(self, slot: int) -> None:
        url = self.mover_url(slot)
        with httpx.Client(timeout=30) as client:
            created = self.new_game(client, url)
            self.current[slot] = created["id"]
            while not self.stop.is_set():
                game_id = created["id"]
                view = client.get(f"{url}/games/{game_id}").json()
                if view.get("finished"):
                    created = self.new_game(client, url)
                    self.current[slot] = created["id"]
                    continue
                token = created["players"][view["active_seats"][0]]["token"]
                auth = {"Authorization": f"Bearer {token}"}
                legal = client.get(f"{url}/games/{game_id}/legal-moves", headers=auth)
                moved = client.post(
                    f"{url}/games/{game_id}/moves",
                    json={"move": legal.json()["moves"][0]},
                    headers=auth,
                )
                if moved.status_code != 200:
                    self.error(f"move {moved.status_code}")
                self.moves += 1
                time.sleep(self.pause)

    def poller(self, slot: int, view: bool) -> None:
        url = self.watcher_url(slot)
        with httpx.Client(timeout=30) as client:
            while not self.stop.is_set():
                game_id = self.current.get(slot)
                if game_id is None:
                    time.sleep(0.1)
                    continue
                looked = client.get(f"{url}/games/{game_id}")
                if looked.status_code != 200:
                    self.error(f"look {looked.status_code}")
                    time.sleep(1)
                    continue
                version = looked.json()["version"]
                if view:
                    answer = client.get(
                        f"{url}/games/{game_id}?wait=10",
                        headers={"If-None-Match": f'"{version}"'},
                    )
                else:
                    answer = client.get(f"{url}/games/{game_id}/events?since={version}&wait=10")
                if answer.status_code == 200:
                    self.woken += 1
                elif answer.status_code != 304:
                    self.error(f"poll {answer.status_code}")
                    time.sleep(1)

    def streamer(self, slot: int) -> None:
        url = self.watcher_url(slot)
        with httpx.Client(timeout=httpx.Timeout(30, read=60)) as client:
            while not self.stop.is_set():
                game_id = self.current.get(slot)
                if game_id is None:
                    time.sleep(0.1)
                    continue
                with client.stream(
                    "GET", f"{url}/games/{game_id}/events",
                    headers={"Accept": "text/event-stream"},
                ) as stream:  # fmt: skip
                    if stream.status_code != 200:
                        self.error(f"stream {stream.status_code}")
                        time.sleep(1)
                        continue
                    for line in stream.iter_lines():
                        if self.stop.is_set() or self.current.get(slot) != game_id:
                            break
                        if line.startswith("id:"):
                            self.woken += 1


def growth(samples: list[list[float]], tail: int, pids: list[int]) -> None:
    """Each worker's RSS growth over the last `tail` minutes of traffic."""
    start = max(0, len(samples) - 1 - tail)
    minutes = len(samples) - 1 - start
    for index, pid in enumerate(pids):
        first, last = samples[start][index], samples[-1][index]
        print(
            f"worker {pid}: minute {start} -> {len(samples) - 1}: {first:.1f} -> {last:.1f} MiB,"
            f" {(last - first) / max(1, minutes):+.3f} MiB/min,"
            f" {(last - first) / first * 100:+.1f} % (goal <= 5 %);"
            f" peak {max(sample[index] for sample in samples):.1f} MiB",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--pause", type=float, default=0.1, help="seconds between moves")
    parser.add_argument("--tail", type=int, default=30, help="minutes the growth is read over")
    parser.add_argument("--idle", type=float, default=1, help="minutes at rest after traffic")
    args = parser.parse_args()
    with RedisServer() as redis:
        servers = [
            LiveServer(redis.url, workers=2, extra_env=BUDGETS).start() for _ in range(args.servers)
        ]
        try:
            pids = []
            for server in servers:
                assert server.process is not None
                pids += worker_pids(server.process.pid)
            print(
                f"{args.servers} servers x 2 workers on one Redis; {args.games} games, each"
                f" 1 mover (pause {args.pause} s), 2 feed long-polls, 1 view long-poll,"
                f" 1 SSE stream; workers {pids}",
                flush=True,
            )
            stop = threading.Event()
            soak = Soak([server.url for server in servers], stop, args.pause)
            threads = []
            for slot in range(args.games):
                threads.append(
                    threading.Thread(target=soak.guarded, args=("move", soak.mover, slot))
                )
                for view in (False, False, True):
                    threads.append(
                        threading.Thread(
                            target=soak.guarded, args=("poll", soak.poller, slot, view)
                        )
                    )
                threads.append(
                    threading.Thread(target=soak.guarded, args=("stream", soak.streamer, slot))
                )
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
                    f" | moves {soak.moves} woken {soak.woken}"
                    f" errors {sum(soak.errors.values())} {soak.errors or ''}",
                    flush=True,
                )
            stop.set()
            for thread in threads:
                thread.join(timeout=15)  # each ends after its request in flight
            growth(samples, args.tail, pids)
            print(
                f"total: {soak.moves} moves, {soak.woken} woken polls and stream events,"
                f" {sum(soak.errors.values())} errors {soak.errors or ''}",
                flush=True,
            )
            if args.idle:
                time.sleep(args.idle * 60)
                rest = " ".join(f"{rss_mib(pid):6.1f}" for pid in pids)
                print(
                    f"after {args.idle:g} min at rest: RSS MiB {rest}",
                    flush=True,
                )
        finally:
            for server in servers:
                server.stop()


if __name__ == "__main__":
    main()
