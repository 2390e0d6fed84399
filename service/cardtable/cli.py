"""The `cardtable` command: `serve` runs the API under gunicorn (with a private redis-server
when no Redis URL is configured); `openapi` writes the OpenAPI document from the app."""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from types import FrameType

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer


def serve(args: argparse.Namespace) -> int:
    # The environment gunicorn gets: this one, with what `serve` decides added to it.
    env = dict(os.environ)
    embedded: RedisServer | None = None
    # Any of these tells where Redis is; without them `serve` starts a private redis-server.
    if not (Settings.read("redis_url", env) or Settings.read("redis_sentinels", env)):
        embedded = RedisServer(port=args.redis_port).start()
        env["CARDTABLE_REDIS_URL"] = embedded.url
        print(f"cardtable: started a private redis-server at {embedded.url}", flush=True)
    metrics_dir = None
    if not Settings.read("prometheus_multiproc_dir", env):
        metrics_dir = tempfile.mkdtemp(prefix="cardtable-metrics-")
        env["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
    if sys.stdout.isatty():
        # A person is reading: plain lines (containers and pipes get JSON lines).
        env.setdefault("CARDTABLE_LOG_FORMAT", "text")
    env["CARDTABLE_BIND"] = f"{args.host}:{args.port}"
    if args.workers:
        env["CARDTABLE_WORKERS"] = str(args.workers)
    if args.threads:
        env["CARDTABLE_THREADS"] = str(args.threads)
    command = [
        sys.executable, "-m", "gunicorn",
        "--config", "python:cardtable.server.gunicorn_conf",
        "cardtable.wsgi:app",
    ]  # fmt: skip
    gunicorn = subprocess.Popen(command, env=env)

    def forward(signum: int, _frame: FrameType | None) -> None:
        if gunicorn.poll() is None:
            gunicorn.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    try:
        return gunicorn.wait()
    finally:
        if gunicorn.poll() is None:
            gunicorn.terminate()
            gunicorn.wait()
        if embedded is not None:
            embedded.stop()
        if metrics_dir is not None:
            shutil.rmtree(metrics_dir, ignore_errors=True)


def write_openapi(args: argparse.Namespace) -> int:
    from cardtable.openapi import openapi_yaml

    text = openapi_yaml()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardtable", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("serve", help="serve the API with gunicorn")
    run.add_argument("--host", default=Settings.read("host"))
    run.add_argument("--port", type=int, default=Settings.read("port"))
    run.add_argument("--workers", type=int, default=None, help="gunicorn workers (default 2)")
    run.add_argument("--threads", type=int, default=None, help="threads (gthread only)")
    run.add_argument(
        "--redis-port", type=int, default=0, help="port of the private redis-server (default: any)"
    )
    run.set_defaults(handler=serve)

    spec = commands.add_parser("openapi", help="write the OpenAPI document (YAML)")
    spec.add_argument("--output", default="openapi.yaml", help="file to write, or - for stdout")
    spec.set_defaults(handler=write_openapi)

    args = parser.parse_args(argv)
    result: int = args.handler(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
