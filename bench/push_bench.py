"""Push benchmark: Server-Sent Event clients held by one gevent gunicorn, the fan-out of a
move to 1,000 watchers over two server processes, and the move loop's throughput with and
without the clients held, each printed next to its target.

Starts a real redis-server; server A, gunicorn as `cardtable serve` runs it (the project's
settings, its default 2 workers, the gevent worker `cardtable.server.worker.CardtableWorker`);
server B, a second gunicorn (1 worker) on the same Redis; and, for reference, the same app
on gunicorn's gthread worker. Every server gets the raised rate limits of the tests (the
default limits would throttle the loop to 10 moves/s). The clients run in their own
processes: movers (one keep-alive connection each, "legal moves, then a move"; an error
answer, 4xx or 5xx, stops the run) and watchers (asyncio, raw HTTP/1.1 connections, cheap
enough to hold thousands). After each phase it prints the CPU each process used (/proc).

Run on purpose: `.venv/bin/python bench/push_bench.py` (about 5 minutes; `--quick` for a
short run with smaller numbers).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import resource
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from move_loop import Client  # noqa: E402

from cardtable.server.redis_server import RedisServer  # noqa: E402
from tests.support.limits import RAISED_LIMITS_ENV  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402

GEVENT = "cardtable.server.worker.CardtableWorker"
GAME_OVER = "closed after its game ended"
Game = tuple[str, list[str]]
"""A game to move: its id and its seats' tokens."""


# ---- watchers (their own processes) ------------------------------------------------------


class Watcher:
    """One SSE client on a raw connection: notes when each new version first arrives."""

    def __init__(self, arrivals: dict[int, list[float]] | None):
        self.arrivals = arrivals  # version -> arrival times, when this watcher is timed
        self.opened = asyncio.Event()
        self.failed: str | None = None
        self.received = 0
        self.over = False
        self._last = -1

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
                answer = status + await asyncio.wait_for(reader.read(4096), 5)
                code = re.search(rb'"code": ?"(\w+)"', answer)
                self.failed = " ".join([*status.split()[1:2], code[1] if code else b""]).decode()
                self.failed = self.failed.strip() or "closed before answering"
                return
            await self._read(reader)
        except (OSError, asyncio.IncompleteReadError) as error:
            self.failed = f"read: {type(error).__name__}"
        finally:
            self.failed = self.failed or ("closed by the server", GAME_OVER)[self.over]
            self.opened.set()
            writer.close()

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            if line.startswith(b"id: "):
                version = int(line[4:])
                if version > self._last:  # the first event of a version is its arrival
                    self._last = version
                    self.received += 1
                    if self.arrivals is not None:
                        self.arrivals.setdefault(version, []).append(time.monotonic())
            elif line.startswith(b"retry:"):
                self.opened.set()
            elif line.startswith(b"data: ") and b'"type":"game_end"' in line:
                self.over = True


def watch_main(pipe: Connection, plan: list[tuple[int, str]], timed: bool, batch: int) -> None:
    """A watcher process: open `plan`'s streams ((port, game id) each), say how many are
    open, then answer "report" (arrivals, failures) until "stop"."""
    asyncio.run(_watch(pipe, plan, timed, batch))


async def _watch(pipe: Connection, plan: list[tuple[int, str]], timed: bool, batch: int) -> None:
    arrivals: dict[int, list[float]] = {}
    watchers, tasks = [], []
    for start in range(0, len(plan), batch):
        opening = []
        for port, game_id in plan[start : start + batch]:
            watcher = Watcher(arrivals if timed else None)
            tasks.append(asyncio.create_task(watcher.run(port, game_id)))
            watchers.append(watcher)
            opening.append(watcher.opened.wait())
        await asyncio.wait_for(asyncio.gather(*opening), 120)
    pipe.send("opened")
    loop = asyncio.get_running_loop()
    while (command := await loop.run_in_executor(None, pipe.recv)) != "stop":
        failed = Counter(w.failed for w in watchers if w.failed)
        pipe.send((command, arrivals, failed, sum(w.received for w in watchers)))
    for task in tasks:
        task.cancel()


class Watchers:
    """Watcher processes holding streams; `report()` sums what they saw."""

    def __init__(self, plan: list[tuple[int, str]], processes: int, timed: bool = False):
        self.count = len(plan)
        self.pipes: list[Connection] = []
        self.processes: list[multiprocessing.Process] = []
        for share in range(processes):
            ours, theirs = multiprocessing.Pipe()
            args = (theirs, plan[share::processes], timed, 200)
            process = multiprocessing.Process(target=watch_main, args=args, daemon=True)
            process.start()
            self.pipes.append(ours)
            self.processes.append(process)

    def wait_opened(self) -> None:
        for pipe in self.pipes:
            if not pipe.poll(180) or pipe.recv() != "opened":
                raise RuntimeError("the watchers did not open their streams in 180 s")

    def report(self) -> tuple[dict[int, list[float]], Counter[str], int]:
        arrivals: dict[int, list[float]] = {}
        failed: Counter[str] = Counter()
        received = 0
        for pipe in self.pipes:
            pipe.send("report")
            _, theirs, their_failures, their_received = pipe.recv()
            for version, times in theirs.items():
                arrivals.setdefault(version, []).extend(times)
            failed.update(their_failures)
            received += their_received
        return arrivals, failed, received

    def stop(self) -> None:
        for pipe in self.pipes:
            pipe.send("stop")
        for process in self.processes:
            process.join(10)

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes if p.pid]


# ---- movers (their own processes) ----------------------------------------------------------


def mover(port: int, games: list[Game], end: float, seed: int) -> int:
    """Round-robin over `games`: the active seat's legal moves, then one of them, until
    `end`; returns the moves made. Any non-2xx answer raises (move_loop.Client)."""
    client, rng, done = Client(port), random.Random(seed), 0
    active = {game_id: _active(client, game_id) for game_id, _ in games}
    while time.monotonic() < end:
        for game_id, tokens in games:
            if time.monotonic() >= end or not active[game_id]:
                continue
            auth = {"Authorization": f"Bearer {tokens[active[game_id][0]]}"}
            legal = client.call("GET", f"/games/{game_id}/legal-moves", **auth)
            if not legal["moves"]:
                raise RuntimeError(f"{game_id}: the active seat has no legal move")
            body = {"move": rng.choice(legal["moves"])}
            answer = client.call("POST", f"/games/{game_id}/moves", body, **auth)
            active[game_id] = [] if answer["view"]["finished"] else answer["view"]["active_seats"]
            done += 1
    return done


def _active(client: Client, game_id: str) -> list[int]:
    seats: list[int] = client.call("GET", f"/games/{game_id}")["active_seats"]
    return seats


def move_loop(port: int, games: list[Game], seconds: float, movers: int) -> float:
    """Moves per second of `movers` processes sharing `games`."""
    end = time.monotonic() + seconds + 1  # each mover first reads its games' turns
    jobs = [(port, games[i::movers], end, i) for i in range(movers)]
    with multiprocessing.Pool(movers) as pool:
        started = time.monotonic()
        done = sum(pool.starmap(mover, jobs))
    return done / (time.monotonic() - started)


def create_games(port: int, count: int) -> list[Game]:
    client = Client(port)
    body = {"game": "skyjo", "players": [{"name": "P0"}, {"name": "P1"}]}
    created = [client.call("POST", "/games", body) for _ in range(count)]
    return [(game["id"], [seat["token"] for seat in game["players"]]) for game in created]


# ---- CPU accounting --------------------------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rpartition(")")[2].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError):
            continue
    return found


REDIS_PID = [0]


def _reaped() -> float:
    """CPU of this process's children that have ended (the movers' pool)."""
    times = os.times()
    return times.children_user + times.children_system


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU ticks of the whole machine, every core."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


@contextmanager
def cpu_report(label: str, processes: dict[str, list[int]]) -> Iterator[dict[str, float]]:
    """Print each named group's CPU use (% of one core) over the block, and the machine's;
    the dict yielded holds, after the block, each group's CPU seconds."""
    processes = {**processes, "redis": [REDIS_PID[0]]}
    before = {name: sum(cpu_seconds(pid) for pid in pids) for name, pids in processes.items()}
    busy_before, total_before = machine_busy()
    reaped_before, started = _reaped(), time.monotonic()
    seconds: dict[str, float] = {}
    yield seconds
    wall = time.monotonic() - started
    busy, total = machine_busy()
    used = {
        name: (sum(cpu_seconds(pid) for pid in pids) - before[name]) / wall
        for name, pids in processes.items()
    }
    used["movers"] = (_reaped() - reaped_before) / wall
    seconds.update({name: share * wall for name, share in used.items()}, wall=wall)
    shares = ", ".join(f"{name} {share:.0%}" for name, share in used.items())
    machine = (busy - busy_before) / max(1, total - total_before) * os.cpu_count()  # type: ignore[operator]
    print(
        f"    CPU over {label} ({wall:.0f} s, % of one core): {shares}; whole machine "
        f"{machine:.0%} of {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}"
    )


# ---- servers -------------------------------------------------------------------------------


class Server:
    """A gunicorn server on the bench's Redis, and its worker processes."""

    def __init__(self, redis_url: str, workers: int, worker_class: str, **env: str):
        env = {
            **RAISED_LIMITS_ENV,
            "CARDTABLE_KEY_PREFIX": "bench",
            "CARDTABLE_WORKER_CLASS": worker_class,
            **env,
        }
        self.live = LiveServer(redis_url, workers=workers, extra_env=env).start()
        threading.Thread(target=self._drain, daemon=True).start()
        assert self.live.process is not None
        self.workers = children(self.live.process.pid)

    @property
    def port(self) -> int:
        return self.live.port

    def _drain(self) -> None:
        """Copy stderr to a file: a full pipe would stall the workers' logging."""
        assert self.live.process is not None and self.live.process.stderr is not None
        with open(f"/tmp/push-bench-{self.live.port}.log", "wb", buffering=0) as log:
            for line in self.live.process.stderr:
                log.write(line)

    def stop(self) -> None:
        self.live.stop()


# ---- the phases ----------------------------------------------------------------------------


def gthread_loop(server: Server, args: argparse.Namespace) -> tuple[float, float]:
    """The move loop on gthread (2 workers x 4 threads, today's figure), none held."""
    games = create_games(server.port, args.games)
    groups = {f"A worker {i}": [pid] for i, pid in enumerate(server.workers)}
    return timed_loop("gthread (2 workers x 4 threads), none held", server, games, groups, args)


def hold_and_measure(a: Server, gthread: Server, args: argparse.Namespace) -> None:
    """The loop with none held; then, with `clients` streams held on other games, the loop
    on games no one watches (the cost of holding them) and on the watched games (each
    move also wakes its watchers); then with none held again (the machine drifts). The
    gthread server's loop runs first and last, for the same reason."""
    gthread_before = gthread_loop(gthread, args)
    quiet_games, other_games = create_games(a.port, args.games), create_games(a.port, args.games)
    games, again_games = create_games(a.port, args.games), create_games(a.port, args.games)
    groups = {f"A worker {i}": [pid] for i, pid in enumerate(a.workers)}
    quiet = timed_loop("none held", a, quiet_games, groups, args)
    plan = [(a.port, game_id) for game_id, _ in games for _ in range(args.clients // len(games))]
    started = time.monotonic()
    watchers = Watchers(plan, args.watcher_processes)
    watchers.wait_opened()
    _, failed, _ = watchers.report()
    print(
        f"  {len(plan) - sum(failed.values()):,} of {len(plan):,} streams open on A over "
        f"{len(games)} games (opened in {time.monotonic() - started:.1f} s){lost(failed)}; "
        f"resident memory of A's workers: {rss_mb(a.workers)}"
    )
    held = timed_loop("clients held, moving other games", a, other_games, groups, args)
    watched = timed_loop("clients held, moving the watched games", a, games, groups, args)
    _, failed, received = watchers.report()
    watchers.stop()
    over = failed.pop(GAME_OVER, 0)
    print(f"  events received: {received:,}; streams ended by their game's end: {over}")
    quiet = mean(quiet, timed_loop("none held again", a, again_games, groups, args))
    gthread_rate = mean(gthread_before, gthread_loop(gthread, args))
    print()
    kept = len(plan) - sum(failed.values())
    verdict(
        f"SSE clients held, {len(plan):,} over {len(games)} games",
        kept if len(plan) >= 5000 else -1,
        len(plan),
        f"{kept:,} of {len(plan):,}{lost(failed)}",
        ">= 5,000 over >= 500 games, no errors" + (" (quick: fewer)" if args.quick else ""),
    )
    ratio("move loop, clients held (moving other games) / none held (mean of 2)", held, quiet)
    ratio("move loop, clients held (moving the watched games) / none held", watched, quiet)
    ratio("move loop none held (means of 2), gevent / gthread", quiet, gthread_rate)


def timed_loop(
    label: str, a: Server, games: list[Game], groups: dict[str, list[int]], args: argparse.Namespace
) -> tuple[float, float]:
    """(moves/s, the server's CPU ms per move) of one move loop."""
    with cpu_report(f"the loop, {label}", groups) as used:
        rate = move_loop(a.port, games, args.seconds, args.movers)
    workers = sum(seconds for name, seconds in used.items() if name.startswith("A worker"))
    cost = workers / (rate * used["wall"]) * 1000
    print(f"  move loop, {label}: {rate:.0f} moves/s, server CPU {cost:.1f} ms per move")
    return rate, cost


def ratio(figure: str, loop: tuple[float, float], reference: tuple[float, float]) -> None:
    """Throughput against a reference, and the same from CPU per move (what a busy machine
    disturbs less: the throughput ratio a quiet machine would show if CPU-bound)."""
    (rate, cost), (reference_rate, reference_cost) = loop, reference
    verdict(
        figure,
        rate / reference_rate,
        0.9,
        f"{rate / reference_rate:.0%} ({rate:.0f} / {reference_rate:.0f} moves/s; from "
        f"server CPU per move {reference_cost:.1f} / {cost:.1f} ms: {reference_cost / cost:.0%})",
        ">= 90 %",
    )


def mean(first: tuple[float, float], second: tuple[float, float]) -> tuple[float, float]:
    return (first[0] + second[0]) / 2, (first[1] + second[1]) / 2


def rss_mb(pids: list[int]) -> str:
    sizes = []
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                sizes.append(int(line.split()[1]) // 1024)
    return " + ".join(f"{size} MB" for size in sizes)


def fan_out(a: Server, b: Server, args: argparse.Namespace) -> None:
    """`watchers` streams on one game (half on A, half on B), then `moves` moves, one at a
    time: from each move's answer to each watcher's event."""
    ((game_id, tokens),) = create_games(a.port, 1)
    plan = [((a.port, b.port)[i % 2], game_id) for i in range(args.watchers)]
    watchers = Watchers(plan, args.watcher_processes, timed=True)
    watchers.wait_opened()
    client = Client(a.port)
    active, answered = _active(client, game_id), {}
    groups = {
        **{f"A worker {i}": [pid] for i, pid in enumerate(a.workers)},
        "B worker": b.workers,
        "watchers": watchers.pids,
    }
    with cpu_report("the fan-out", groups):
        for _ in range(args.fan_out_moves):
            time.sleep(0.3)  # one move's fan-out at a time
            auth = {"Authorization": f"Bearer {tokens[active[0]]}"}
            legal = client.call("GET", f"/games/{game_id}/legal-moves", **auth)
            body = {"move": legal["moves"][0]}
            answer = client.call("POST", f"/games/{game_id}/moves", body, **auth)
            answered[answer["version"]] = time.monotonic()
            active = answer["view"]["active_seats"]
        time.sleep(2)
    arrivals, failed, _ = watchers.report()
    watchers.stop()
    lags = [t - answered[v] for v, times in arrivals.items() if v in answered for t in times]
    expected = len(answered) * args.watchers
    p50, p99 = statistics.median(lags) * 1000, percentile(lags, 0.99) * 1000
    print(
        f"  {args.watchers} watchers of one game (half on A, half on B), "
        f"{len(answered)} moves: {len(lags):,} of {expected:,} events arrived; p50 "
        f"{p50:.0f} ms, p99 {p99:.0f} ms, max {max(lags) * 1000:.0f} ms{lost(failed)}"
    )
    print()
    arrived = f"{len(lags):,} of {expected:,}"
    verdict(
        "fan-out p99, move's answer -> each watcher", -p99, -250.0, f"{p99:.0f} ms", "<= 250 ms"
    )
    verdict("fan-out: every watcher got every move", len(lags), expected, arrived, "all")


def lost(failed: Counter[str]) -> str:
    return f"; lost: {dict(failed.most_common(3))}" if failed else ""


def verdict(figure: str, value: float, target: float, measured: str, wanted: str) -> None:
    mark = "MET " if value >= target else "MISS"
    print(f"  [{mark}] {figure}: {measured}  (target {wanted})")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run, smaller numbers")
    parser.add_argument("--clients", type=int, default=5000, help="0: fan-out only")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--fan-out-moves", type=int, default=20)
    parser.add_argument("--movers", type=int, default=8, help="mover processes")
    parser.add_argument("--seconds", type=float, default=20, help="per move loop")
    parser.add_argument("--watcher-processes", type=int, default=2)
    args = parser.parse_args()
    if args.quick:
        args.clients, args.games, args.watchers = 1000, 100, 200
        args.fan_out_moves, args.seconds = 5, 5
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # thousands of sockets
    print(
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; {args.movers} mover "
        f"processes, {args.seconds:g} s per loop, {args.watcher_processes} watcher processes"
    )
    with RedisServer() as redis_server:
        assert redis_server.process is not None
        redis_pid = REDIS_PID[0] = redis_server.process.pid
        a = Server(redis_server.url, 2, GEVENT)
        b = Server(redis_server.url, 1, GEVENT)
        gthread = Server(redis_server.url, 2, "gthread", CARDTABLE_KEY_PREFIX="gthread")
        try:
            print(
                f"server A: gevent, workers {a.workers}; server B: gevent, worker "
                f"{b.workers}; gthread server: workers {gthread.workers}; redis {redis_pid}"
            )
            if args.clients:
                hold_and_measure(a, gthread, args)
            fan_out(a, b, args)
        finally:
            for server in (a, b, gthread):
                server.stop()


if __name__ == "__main__":
    main()
