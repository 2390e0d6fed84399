"""An asyncio load client of Server-Sent Events streams, run in a process of its own.

Opens `--streams` streams of one game over raw HTTP/1.1 (thousands of httpx clients would
cost more than the server), as from client addresses `198.18.<a>.<b>` named in
X-Forwarded-For (the server must trust one proxy, CARDTABLE_TRUSTED_PROXIES=1: every
loopback address is one client to the budgets), `--per-address` streams each (the
server's per-address cap is 100 by default), counts each stream's events and reports on
stdout, one JSON line at a time:

- `{"opened": n, "refused": {...}}` once every stream has its answer's head and first
  `retry:` (or its refusal);
- then, after reading `wait <version> <seconds> <time of the move>` on stdin:
  `{"reached": n, "deliveries": d, "counts": {...}, "lag_ms": {...}}` once every open
  stream has seen an event of that version (or the seconds ran out): `counts` is how many
  streams got how many events, the lag is from the move's time (time.time()).

The streams stay open until stdin closes. `FanoutClient` drives it; with `processes` > 1
it splits the streams over that many such processes (each a core of its own if there is
one, and its own descriptor limit: one process cannot hold 20,000 sockets under a
20,000-file limit) and merges their reports. Used by tests/push/test_fanout_scale.py and
bench/fanout_bench.py.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any


class Stream:
    def __init__(self) -> None:
        self.status = ""
        self.code = ""
        self.events = 0
        self.version = -1
        self.seen_at: dict[int, float] = {}
        self.ended = False
        self.opened = asyncio.Event()
        self.progress = asyncio.Event()


def client_address(index: int, per_address: int) -> str:
    group = index // per_address
    return f"198.18.{group // 250}.{1 + group % 250}"


async def run_stream(stream: Stream, port: int, path: str, client: str) -> None:
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: load\r\nAccept: text/event-stream\r\n"
            f"X-Forwarded-For: {client}\r\n\r\n".encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        stream.status = head.split(b" ", 2)[1].decode()
        if stream.status != "200":
            body = await reader.read(4096)
            if b'"code"' in body:
                stream.code = body.split(b'"code":', 1)[1].split(b'"')[1].decode()
            if b"building this game's events" in body:
                stream.code += " (feed busy)"  # the game's feed lock, not the capacity
            if b"\r\nretry-after:" in head.lower():
                stream.code += " +Retry-After"
            writer.close()
            return
        async for line in reader:  # chunked transfer: chunk sizes are lines too, ignored
            if line.startswith(b"retry:"):
                stream.opened.set()
            elif line.startswith(b"id: "):
                version = int(line[4:].split(b".")[0])
                stream.events += 1
                stream.seen_at.setdefault(version, time.time())
                stream.version = max(stream.version, version)
                stream.progress.set()
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        stream.status = stream.status or f"error {type(error).__name__}"
    finally:
        stream.ended = True
        stream.opened.set()
        stream.progress.set()


async def wait_for(
    streams: list[Stream], version: int, seconds: float, moved_at: float
) -> dict[str, Any]:
    """Wait for every open stream to reach `version`; the lag is counted from `moved_at`
    (the wall-clock time the move was answered)."""
    deadline = time.monotonic() + seconds
    live = [s for s in streams if s.status == "200"]
    while time.monotonic() < deadline:
        if all(s.version >= version or s.ended for s in live):
            break
        await asyncio.sleep(0.2)
    lags = [round((s.seen_at[version] - moved_at) * 1000, 1) for s in live if version in s.seen_at]
    return {
        "reached": sum(1 for s in live if s.version >= version),
        "open": sum(1 for s in live if not s.ended),
        "deliveries": sum(s.events for s in live),
        "counts": dict(Counter(s.events for s in live)),
        "lags": lags,
    }


def lag_summary(lags: list[float]) -> dict[str, float | None]:
    """p50, p99 and max of the lags (ms)."""
    ordered = sorted(lags)

    def pct(p: float) -> float | None:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else None

    return {"p50": pct(0.5), "p99": pct(0.99), "max": pct(1.0)}


async def main(args: argparse.Namespace) -> None:
    path = f"/games/{args.game}/events"
    streams = [Stream() for _ in range(args.streams)]
    tasks = []
    for index, stream in enumerate(streams):
        client = client_address(args.first + index, args.per_address)
        tasks.append(asyncio.create_task(run_stream(stream, args.port, path, client)))
        if index % 100 == 99:
            await asyncio.sleep(0)  # let the connections proceed while opening the rest
    await asyncio.gather(*(s.opened.wait() for s in streams))
    refused = Counter(f"{s.status} {s.code}".strip() for s in streams if s.status != "200")
    opened = sum(1 for s in streams if s.status == "200" and not s.ended)
    print(json.dumps({"opened": opened, "refused": dict(refused)}), flush=True)
    loop = asyncio.get_running_loop()
    lines = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(lines), sys.stdin)
    while command := (await lines.readline()).decode().split():
        if command[0] == "wait":
            version, seconds, moved_at = int(command[1]), float(command[2]), float(command[3])
            result = await wait_for(streams, version, seconds, moved_at)
            print(json.dumps(result), flush=True)
    for task in tasks:
        task.cancel()


class FanoutClient:
    """This module in `processes` processes of its own (the streams split between them,
    each from client addresses of its own), driven over their stdin and stdout; their
    reports are merged (the lags summarised as p50/p99/max in `lag_ms`)."""

    def __init__(self, port: int, game: str, streams: int, processes: int = 1):
        shares = [streams // processes + (1 if i < streams % processes else 0)
                  for i in range(processes)]  # fmt: skip
        firsts = [sum(shares[:i]) for i in range(processes)]
        self.processes = [
            subprocess.Popen(
                [
                    sys.executable,
                    str(Path(__file__)),
                    "--port",
                    str(port),
                    "--game",
                    game,
                    "--streams",
                    str(share),
                    "--first",
                    str(first),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for share, first in zip(shares, firsts, strict=True)
        ]

    def report(self) -> dict[str, Any]:
        """The next JSON line every client process prints, merged."""
        answers = []
        for process in self.processes:
            assert process.stdout is not None
            line = process.stdout.readline()
            if not line:
                raise RuntimeError("the load client ended")
            answers.append(json.loads(line))
        merged: dict[str, Any] = {}
        for answer in answers:
            for key, value in answer.items():
                if isinstance(value, dict):
                    counts = Counter(merged.get(key, {}))
                    counts.update(value)
                    merged[key] = dict(counts)
                elif isinstance(value, list):
                    merged[key] = merged.get(key, []) + value
                else:
                    merged[key] = merged.get(key, 0) + value
        if "lags" in merged:
            merged["lag_ms"] = lag_summary(merged.pop("lags"))
        return merged

    def wait(self, version: int, seconds: float, moved_at: float) -> dict[str, Any]:
        """Wait until every open stream has `version` (at most `seconds`): the report."""
        for process in self.processes:
            assert process.stdin is not None
            process.stdin.write(f"wait {version} {seconds} {moved_at}\n")
            process.stdin.flush()
        return self.report()

    def close(self) -> None:
        for process in self.processes:
            if process.stdin:
                process.stdin.close()
        for process in self.processes:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--game", required=True)
    parser.add_argument("--streams", type=int, required=True)
    parser.add_argument("--per-address", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="index of the first stream")
    asyncio.run(main(parser.parse_args()))
