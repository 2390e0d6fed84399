"""The baselines of the benchmarks, served by gunicorn with the same settings as Cardtable:
one Flask endpoint doing a Redis GET and a SET (bench/load_bench.py), and the floor of a
move, a read (GET) and a write (GET and a Lua compare-and-set) (bench/move_loop.py)."""

from __future__ import annotations

import os
import secrets

import redis
from flask import Flask, jsonify

app = Flask("trivial")
client = redis.Redis.from_url(os.environ["CARDTABLE_REDIS_URL"])


@app.get("/kv")
def kv():  # type: ignore[no-untyped-def]
    key = f"trivial:{secrets.randbelow(1000)}"
    value = client.get(key)
    client.set(key, secrets.token_hex(8), ex=600)
    return jsonify({"key": key, "previous": value.decode() if value else None})


# The floor for one move (bench/move_loop.py): a read is one GET, a write is one GET and one
# Lua compare-and-set of a versioned value, like Cardtable's store does.
CAS = client.register_script(
    """
local current = redis.call('GET', KEYS[1])
if current and current ~= ARGV[1] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[2], 'EX', 600)
return 1
"""
)


@app.get("/floor/ready")
def floor_ready():  # type: ignore[no-untyped-def]
    return jsonify({"ready": bool(client.ping())})


@app.get("/floor/<name>")
def floor_read(name: str):  # type: ignore[no-untyped-def]
    value = client.get(f"floor:{{{name}}}")
    return jsonify({"version": int(value or 0)})


@app.post("/floor/<name>")
def floor_write(name: str):  # type: ignore[no-untyped-def]
    key = f"floor:{{{name}}}"
    version = int(client.get(key) or 0)
    written = CAS(keys=[key], args=[version, version + 1])
    return jsonify({"version": version + 1 if written else version, "written": bool(written)})
