"""Stream cost benchmark: what never-reading Server-Sent Events clients of a long finished
game cost a server, and whether a burst of long-polls looks like an outage.

Starts a real redis-server. The games are set up first through a set-up gunicorn on it
with the budgets a bench needs (creates and reads raised: 100 games and the reads that play
a long game of bots exceed one client's default budgets), which is stopped before the
measured one starts. The measured gunicorn runs as `cardtable serve` runs it, with the
project's settings and default budgets (the gevent worker, `CARDTABLE_WORKERS=1` so that
one process's resident memory is read; `CARDTABLE_TRUSTED_PROXIES=1`, so that the
long-polls' `X-Forwarded-For` names the client each is counted as: every loopback address
is one client to the budgets, and 2,000 players are not one client). Then:

1. a long game of eight greedy bots to 300 points and reads its feed once;
2. opens 300 streams of it from `--addresses` loopback addresses (the per-address cap is
   100 by default), each with a small receive buffer and never reading, and prints the
   worker's RSS before, with them held, after the server closed them for not reading
   (`CARDTABLE_WRITE_TIMEOUT`, 30 s by default: a send blocked that long fails) and after
   the clients closed; then a second round of the same (`--rounds`): whether what the
   first left is reused or grows;
3. sends 2,000 long-polls at once (`GET /games/{id}/events?since=v&wait=5` over 100 games,
   as from 100 client addresses, 20 a game), answered at their timeout, and counts the
   answers by status and code: `store_unavailable` is the figure (0 expected); the Redis failures
   the measured server logged are counted too (a budget not checked is not an answer).

Run on purpose: `.venv/bin/python bench/stream_bench.py` (about 6 minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.server.redis_server import RedisServer  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def held_streams(url: str) -> float:
    text = httpx.get(f"{url}/metrics").text
    for line in text.splitlines():
        if line.startswith('cardtable_waiting_clients{kind="stream"}'):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def long_game(url: str) -> str:
    players = [{"name": f"Bot {i}", "bot": "greedy"} for i in range(8)]
    created = httpx.post(
        f"{url}/games",
        json={"game": "skyjo", "players": players, "seed": 1, "options": {"end_score": 300}},
        timeout=60,
    )
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    while not httpx.get(f"{url}/games/{game_id}", timeout=60).json()["finished"]:
        pass  # each read plays the next slice of a game of bots only
    return game_id


def open_never_reading(port: int, game_id: str, source: str) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    sock.sendall(
        f"GET /games/{game_id}/events?since=0 HTTP/1.1\r\nHost: bench\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    return sock


def streams_phase(server: LiveServer, game_id: str, args: argparse.Namespace) -> None:
    pids = worker_pids(server.process.pid)  # type: ignore[union-attr]
    feed = httpx.get(f"{server.url}/games/{game_id}/events?since=0", timeout=60)
    body = feed.json()
    assert feed.status_code == 200, feed.text
    pages, since = 1, body["next"]
    while since is not None:
        since = httpx.get(f"{server.url}/games/{game_id}/events?since={since}").json()["next"]
        pages += 1
    print(
        f"long game: version {body['version']}, feed {pages} JSON pages "
        f"(first {len(body['events'])} events, {len(feed.content) / 1e6:.1f} MB)"
    )
    start = rss_mb(pids)
    for round_ in range(1, args.rounds + 1):
        print(f"round {round_} of {args.rounds}:")
        stream_round(server, game_id, pids, start, args)


def stream_round(
    server: LiveServer, game_id: str, pids: list[int], start: float, args: argparse.Namespace
) -> None:
    """Open the never-reading streams, wait for the server to close them, close them."""
    sockets = [
        open_never_reading(server.port, game_id, f"127.0.0.{2 + i % args.addresses}")
        for i in range(args.streams)
    ]
    time.sleep(5)
    held = held_streams(server.url)
    during = rss_mb(pids)
    print(
        f"{args.streams} never-reading streams: {held:.0f} held; RSS {start:.0f} -> "
        f"{during:.0f} MB: +{during - start:.0f} MB over the start (target <= 100 MB)"
    )
    started = time.monotonic()
    while held_streams(server.url) > 0 and time.monotonic() - started < 120:
        time.sleep(1)
    closed_by_server = time.monotonic() - started + 5
    after_stall = rss_mb(pids)
    print(
        f"closed by the server (not reading) about {closed_by_server:.0f} s after opening: "
        f"{held_streams(server.url):.0f} held; RSS {after_stall:.0f} MB "
        f"(+{after_stall - start:.0f} MB over the start)"
    )
    for sock in sockets:
        sock.close()
    time.sleep(3)  # a drop of waiting clients returns freed heap within about 1 s
    after = rss_mb(pids)
    print(f"after the clients closed: RSS {after:.0f} MB (+{after - start:.0f} MB)")


SETUP_BUDGETS = {
    "CARDTABLE_RATE_LIMIT_CREATE": "100000/minute",
    "CARDTABLE_RATE_LIMIT_READS": "100000/minute",
}
"""The set-up server's budgets: the games a bench needs, from one (loopback) client."""
MEASURED_ENV = {"CARDTABLE_TRUSTED_PROXIES": "1"}
"""The measured server: default budgets; the long-polls say which client they stand for."""
UNTRIMMED_ENV = {**MEASURED_ENV, "CARDTABLE_RETURN_FREED_MEMORY": "0"}
"""The same, keeping the heap that closed streams freed (the figure side by side)."""


def set_up(redis_url: str, polled_games: int) -> tuple[str, list[str]]:
    """The long finished game and the games to long-poll, made through a set-up server."""
    server = LiveServer(redis_url, workers=1, extra_env=SETUP_BUDGETS).start()
    try:
        game_id = long_game(server.url)
        games = []
        for _ in range(polled_games):
            answer = httpx.post(
                f"{server.url}/games",
                json={"game": "skyjo", "players": [{"name": "A"}, {"name": "B"}]},
            )
            assert answer.status_code == 201, answer.text
            games.append(answer.json()["id"])
        return game_id, games
    finally:
        server.stop()


async def long_polls(url: str, games: list[str], args: argparse.Namespace) -> Counter[str]:
    port = int(url.rsplit(":", 1)[1])
    counts: Counter[str] = Counter()
    opened = asyncio.Event()
    settled = [0]

    def settle() -> None:
        settled[0] += 1
        if settled[0] == args.polls:
            opened.set()

    async def poll(index: int) -> None:
        # Raw HTTP/1.1: 2,000 httpx clients would cost the machine more than the server.
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(f"127.0.1.{1 + index % 20}", 0)
            )
        except OSError as error:
            counts[f"no connection ({type(error).__name__})"] += 1
            settle()
            return
        settle()
        await opened.wait()  # all connected, then all sent at once
        game = games[index % len(games)]
        client = f"198.51.100.{index % 100}"  # 20 long-polls a client (one a game each)
        writer.write(
            f"GET /games/{game}/events?since=0&wait=5 HTTP/1.1\r\nHost: bench\r\n"
            f"X-Forwarded-For: {client}\r\nConnection: close\r\n\r\n".encode()
        )
        try:
            answer = await asyncio.wait_for(reader.read(), 60)
        except (OSError, TimeoutError) as error:
            counts[f"no answer ({type(error).__name__})"] += 1
            return
        finally:
            writer.close()
        head, _, body = answer.partition(b"\r\n\r\n")
        status = head.split(b" ", 2)[1].decode() if head else "none"
        code = ""
        if status != "200" and b'"code"' in body:
            code = body.split(b'"code":', 1)[1].split(b'"')[1].decode()
        counts[f"{status} {code}".strip()] += 1

    await asyncio.gather(*(poll(i) for i in range(args.polls)))
    return counts


LOGGED_REDIS_ERRORS = {
    "rate limits not checked": "budgets not checked",
    "store refused: store_unavailable": "store_unavailable",
    "redis unavailable": "store_unavailable",
}
"""The server's log lines of a failed Redis command (cardtable.api.limits, .store_errors,
.errors), by what the client met."""


def redis_errors(log_lines: str) -> Counter[str]:
    """The Redis failures the server logged (JSON lines), by what the client met."""
    found: Counter[str] = Counter()
    for line in log_lines.splitlines():
        for start, meaning in LOGGED_REDIS_ERRORS.items():
            if f'"message": "{start}' in line:
                found[meaning] += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--addresses", type=int, default=3)
    parser.add_argument(
        "--rounds", type=int, default=2, help="rounds of streams (the second reuses memory?)"
    )
    parser.add_argument("--polls", type=int, default=2000)
    parser.add_argument(
        "--compare",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="first the streams on a server that keeps freed memory (side by side)",
    )
    args = parser.parse_args()
    with RedisServer() as redis:
        game_id, games = set_up(redis.url, 100)
        if args.compare:
            untrimmed = LiveServer(redis.url, workers=1, extra_env=UNTRIMMED_ENV).start()
            try:
                print("-- freed memory kept (CARDTABLE_RETURN_FREED_MEMORY=0):")
                streams_phase(untrimmed, game_id, args)
            finally:
                untrimmed.stop()
            print("-- freed memory returned (the default):")
        server = LiveServer(redis.url, workers=1, extra_env=MEASURED_ENV, stdout=subprocess.PIPE)
        server.start()
        process = server.process
        assert process is not None and process.stdout is not None
        logged: list[bytes] = []  # drained as written: a full pipe would block the server
        drain = threading.Thread(target=lambda: logged.extend(process.stdout), daemon=True)
        drain.start()
        try:
            streams_phase(server, game_id, args)
            started = time.monotonic()
            counts = asyncio.run(long_polls(server.url, games, args))
            took = time.monotonic() - started
            print(
                f"{args.polls} simultaneous long-polls ({took:.1f} s): {dict(counts)}; "
                f"store_unavailable: {counts.get('503 store_unavailable', 0)} (target 0)"
            )
        except BaseException:
            print(b"".join(logged).decode()[-4000:])
            raise
        finally:
            server.stop()
            drain.join(5)
        errors = redis_errors(b"".join(logged).decode())
        trims = [
            json.loads(line).get("took_ms")
            for line in b"".join(logged).decode().splitlines()
            if '"message": "freed heap returned to the OS"' in line
        ]
        print(f"freed heap returned to the OS {len(trims)} times, taking (ms): {trims}")
        print(f"Redis errors the measured server logged: {dict(errors) or 'none'}")


if __name__ == "__main__":
    main()
