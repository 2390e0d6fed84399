"""Seconds from SIGTERM to the exit of a real gunicorn, with and without idle keep-alive
clients, side by side in one run (medians of a few stops each).

    .venv/bin/python bench/stop_time.py [--runs 5] [--idle 20]

Idle clients are what every proxy keeps; before the worker closed them at SIGTERM, one of
them held the stop for the whole graceful timeout (20 s) and ended in SIGKILL.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.server.redis_server import RedisServer
from tests.e2e.gunicorn import Gunicorn

REQUEST = b"GET /livez HTTP/1.1\r\nHost: cardtable\r\n\r\n"


def stop_once(redis_url: str, idle: int) -> float:
    server = Gunicorn(env={"CARDTABLE_REDIS_URL": redis_url}, workers=2).start()
    clients = []
    try:
        for _ in range(idle):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.sendall(REQUEST)
            sock.recv(65536)
            clients.append(sock)
        started = time.monotonic()
        server.terminate(timeout=60)
        return time.monotonic() - started
    finally:
        for sock in clients:
            sock.close()
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--idle", type=int, default=20)
    args = parser.parse_args()
    with RedisServer() as redis_server:
        figures = {0: [], args.idle: []}
        for _ in range(args.runs):
            for idle in figures:
                figures[idle].append(stop_once(redis_server.url, idle))
    for idle, times in figures.items():
        print(
            f"stop with {idle:3d} idle keep-alive clients: median {statistics.median(times):.2f} s "
            f"(min {min(times):.2f}, max {max(times):.2f}, {len(times)} runs)"
        )


if __name__ == "__main__":
    main()
