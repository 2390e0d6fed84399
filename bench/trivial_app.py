"""The baseline for the load benchmark: one Flask endpoint that does one Redis GET and one
SET, served by gunicorn with the same settings as Cardtable."""

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
