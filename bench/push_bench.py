"""Push benchmark: many Server-Sent Event clients held by one gevent gunicorn, fan-out
latency of one move to 1,000 watchers over two server processes, and the move loop's
throughput with and without the clients held.

Starts a real redis-server, server A (gunicorn, gevent worker, default 2 workers) and
server B (a second gunicorn process on the same Redis), then drives them from this
process with asyncio: raw HTTP/1.1 connections for the watchers (cheap enough to hold
thousands) and httpx for the moves. Run on purpose: `.venv/bin/python bench/push_bench.py`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.redis_server import RedisServer  # noqa: E402
from tests.push.conftest import PUSH_CONF  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402


class Watcher:
    """One SSE client on a raw connection: notes when each version's event arrives."""

    def __init__(self, seen: dict[int, list[float]]):
        self.seen = seen
        self.opened = asyncio.Event()
        self.failed: str | None = None

    async def run(self, port: int, game_id: str) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError as error:
            self.failed = f"connect: {error}"
            self.opened.set()
            return
        writer.write(
            f"GET /games/{game_id}/events HTTP/1.1\r\nHost: bench\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        try:
            status = await reader.readline()
            if b" 200 " not in status:
                self.failed = status.decode().strip() or "closed"
                return
            await self._read(reader)
        except (OSError, asyncio.IncompleteReadError) as error:
            self.failed = f"read: {type(error).__name__}"
        finally:
            self.failed = self.failed or "closed by the server"
            self.opened.set()
            writer.close()

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            if line.startswith(b"retry:"):
                self.opened.set()
            elif line.startswith(b"data: "):
                version = json.loads(line[6:])["version"]
                self.seen.setdefault(version, []).append(time.perf_counter())


async def open_watchers(
    port_of: list[int], games: list[str], per_game: int, batch: int = 200
) -> tuple[list[Watcher], list[asyncio.Task[None]], dict[int, list[float]]]:
    """`per_game` watchers on each game, alternating over the ports, opened in batches."""
    seen: dict[int, list[float]] = {}
    watchers, tasks = [], []
    plan = [(game, i) for game in games for i in range(per_game)]
    for start in range(0, len(plan), batch):
        opened = []
        for game, i in plan[start : start + batch]:
            watcher = Watcher(seen)
            port = port_of[(start + i) % len(port_of)]
            tasks.append(asyncio.create_task(watcher.run(port, game)))
            watchers.append(watcher)
            opened.append(watcher.opened.wait())
        await asyncio.wait_for(asyncio.gather(*opened), 120)
    return watchers, tasks, seen


async def create_games(client: httpx.AsyncClient, count: int) -> list[dict[str, Any]]:
    body = {"game": "skyjo", "players": [{"name": "Me"}, {"name": "Bot", "bot": "greedy"}]}
    games = []
    for _ in range(count):
        games.append((await client.post("/games", json=body)).json())
    return games


async def move_loop(url: str, games: list[dict[str, Any]], seconds: float, movers: int) -> float:
    """Moves per second: `movers` tasks, each playing seat 0's first legal move in turn
    over its share of `games` (legal moves read, then the move sent)."""
    done = 0
    deadline = time.perf_counter() + seconds

    async def mover(mine: list[dict[str, Any]]) -> None:
        nonlocal done
        async with httpx.AsyncClient(base_url=url, timeout=30) as client:
            while time.perf_counter() < deadline:
                for game in mine:
                    auth = {"Authorization": f"Bearer {game['players'][0]['token']}"}
                    legal = await client.get(f"/games/{game['id']}/legal-moves", headers=auth)
                    moves = legal.json()["moves"]
                    if moves:
                        path = f"/games/{game['id']}/moves"
                        answer = await client.post(path, json={"move": moves[0]}, headers=auth)
                        done += answer.status_code == 200

    started = time.perf_counter()
    await asyncio.gather(*(mover(games[i::movers]) for i in range(movers)))
    return done / (time.perf_counter() - started)


async def fan_out(servers: list[LiveServer], watchers: int, moves: int) -> list[float]:
    """Seconds from each move's answer to each watcher's event (half the watchers on B)."""
    async with httpx.AsyncClient(base_url=servers[0].url, timeout=30) as client:
        (game,) = await create_games(client, 1)
        opened, tasks, seen = await open_watchers([s.port for s in servers], [game["id"]], watchers)
        failed = [w.failed for w in opened if w.failed]
        await asyncio.sleep(1)
        lags: list[float] = []
        auth = {"Authorization": f"Bearer {game['players'][0]['token']}"}
        for _ in range(moves):
            legal = (await client.get(f"/games/{game['id']}/legal-moves", headers=auth)).json()
            answer = await client.post(
                f"/games/{game['id']}/moves", json={"move": legal["moves"][0]}, headers=auth
            )
            answered = time.perf_counter()
            version = answer.json()["version"]
            deadline = time.perf_counter() + 30
            while len(seen.get(version, [])) < watchers - len(failed):
                if time.perf_counter() > deadline:
                    print(f"  version {version} reached {len(seen.get(version, []))} watchers")
                    break
                await asyncio.sleep(0.01)
            lags += [t - answered for t in seen[version]]
        for task in tasks:
            task.cancel()
    print(f"  fan-out: {watchers} watchers, {len(failed)} failed to open, {moves} moves")
    return lags


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def hold_and_measure(server: LiveServer, args: argparse.Namespace) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        games = await create_games(client, args.games + args.movers * 4)
    quiet_games, games = games[: args.movers * 4], games[args.movers * 4 :]
    quiet = await move_loop(server.url, quiet_games, args.seconds, args.movers)
    print(f"  move loop, no clients held: {quiet:.1f} moves/s")
    started = time.perf_counter()
    watchers, tasks, _ = await open_watchers(
        [server.port], [g["id"] for g in games], args.clients // args.games
    )
    report_failures(watchers, f"opened in {time.perf_counter() - started:.1f} s")
    # The loop moves watched games: each move wakes that game's watchers.
    busy = await move_loop(server.url, games[: args.movers * 4], args.seconds, args.movers)
    print(f"  move loop, clients held:    {busy:.1f} moves/s ({busy / quiet:.0%} of quiet)")
    report_failures(watchers, "after the loop")
    for task in tasks:
        task.cancel()
    await asyncio.sleep(1)


def report_failures(watchers: list[Watcher], when: str) -> None:
    failed = Counter(w.failed for w in watchers if w.failed)
    print(
        f"  {len(watchers) - sum(failed.values())} of {len(watchers)} SSE clients held ({when})"
        + (f"; lost: {dict(failed.most_common(3))}" if failed else "")
    )


async def gthread_baseline(server: LiveServer, args: argparse.Namespace) -> None:
    """The same move loop on today's gthread worker (2 workers x 4 threads), for reference."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        games = await create_games(client, args.movers * 4)
    rate = await move_loop(server.url, games, args.seconds, args.movers)
    print(f"gthread server (2 workers x 4 threads), no clients: {rate:.1f} moves/s")


def start_server(redis_url: str, prefix: str, workers: int, connections: int) -> LiveServer:
    env = {
        "CARDTABLE_KEY_PREFIX": prefix,
        "CARDTABLE_MAX_STREAMS": str(connections),
        "GUNICORN_CMD_ARGS": f"--worker-connections {connections + 100} --backlog 4096",
    }
    server = LiveServer(redis_url, workers=workers, config=PUSH_CONF, extra_env=env).start()
    threading.Thread(target=drain, args=(server,), daemon=True).start()
    return server


def drain(server: LiveServer) -> None:
    """Copy the server's stderr to a file: a full pipe would stall its workers' logging."""
    assert server.process is not None and server.process.stderr is not None
    with open(f"/tmp/push-bench-{server.port}.log", "wb") as log:
        for line in server.process.stderr:
            log.write(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=5000, help="0: fan-out only")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--fan-out-moves", type=int, default=10)
    parser.add_argument("--movers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--per-worker", type=int, default=3000, help="streams per worker")
    args = parser.parse_args()
    with RedisServer() as redis_server:
        if args.clients:
            gthread = LiveServer(redis_server.url, extra_env={"CARDTABLE_KEY_PREFIX": "gthread"})
            asyncio.run(gthread_baseline(gthread.start(), args))
            gthread.stop()
        a = start_server(redis_server.url, "bench", 2, args.per_worker)
        b = start_server(redis_server.url, "bench", 1, args.per_worker)
        try:
            print(f"server A: 2 gevent workers; server B: 1; cap {args.per_worker}/worker")
            if args.clients:
                asyncio.run(hold_and_measure(a, args))
            lags = asyncio.run(fan_out([a, b], args.watchers, args.fan_out_moves))
            print(
                f"  delivery from the move's answer: p50 {statistics.median(lags) * 1000:.0f} ms,"
                f" p99 {percentile(lags, 0.99) * 1000:.0f} ms, max {max(lags) * 1000:.0f} ms"
            )
        finally:
            a.stop()
            b.stop()


if __name__ == "__main__":
    main()
