"""A fixed scenario of games played through the game service, and what it leaves in Redis:
run by this release (CARDTABLE_WRITE_SCHEMA=3) in the tests, and by the release before
(commit ce29e37, schema 3) to capture what that release wrote.

Everything random or timed is fixed (ids, tokens, invites, the clock, the seeds), so the
same code writes the same bytes. It uses only what both releases' services share. Captured
with the release before's code, from the repository's root:

    mkdir -p /tmp/before && git archive ce29e37 service | tar -x -C /tmp/before
    .venv/bin/python tests/services/schema3_scenario.py /tmp/before/service \\
        redis://localhost:6379/0 > tests/services/data/written_by_schema3.json

(it deletes the keys under its prefix, `s3`, first; `test_the_capture_is_the_release_befores_own`
runs it the same way against the test Redis and compares).
"""

from __future__ import annotations

import importlib
import itertools
import json
import random
import sys
from collections.abc import Callable
from typing import Any

NOW = 1_767_225_600.0
"""The services' clock: constant, so no turn timer runs out."""
PREFIX = "s3"
BEFORE_LAYOUT = {
    "cardtable.games.live_table": "cardtable.tables",
    "cardtable.games.seating": "cardtable.seating",
    "cardtable.games.service": "cardtable.games",
    "cardtable.store.compression": "cardtable.store.codec",
}
"""This release's modules that the release before had elsewhere (issue 27's layout)."""


def _module(name: str) -> Any:
    """This release's module `name`, or, run by the release before, its own."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return importlib.import_module(BEFORE_LAYOUT[name])


def fix_secrets(set_attr: Callable[[Any, str, Any], None] = setattr) -> None:
    """Ids, tokens and invites from counters instead of the system's randomness (`set_attr`:
    a test's monkeypatch, which puts them back)."""
    seating = _module("cardtable.games.seating")
    live_table = _module("cardtable.games.live_table")

    counter = itertools.count(1)

    def secret(kind: str) -> Callable[[], str]:
        return lambda: f"{kind}-{next(counter)}"

    set_attr(live_table, "new_id", secret("game"))
    set_attr(live_table, "new_token", secret("token"))
    set_attr(live_table, "new_invite", secret("invite"))
    set_attr(seating, "new_token", secret("token"))


def service_for(redis_client: Any, **options: Any) -> Any:
    GameService = _module("cardtable.games.service").GameService
    from cardtable.store import DocumentStore

    return GameService(
        DocumentStore(redis_client, "game", prefix=PREFIX), clock=lambda: NOW, **options
    )


def play_humans(service: Any, game_id: str, tokens: dict[int, str], moves: int, seed: int) -> None:
    """`moves` moves of the seats in `tokens` (those a bot does not play), chosen by `seed`."""
    rng = random.Random(seed)
    for _ in range(moves):
        game = service.load(game_id)
        if game.finished:
            return
        seats = [s for s in game.state.active_seats() if s in tokens and not game.seats[s].bot]
        if not seats:
            return
        seat = rng.choice(seats)
        service.move(game_id, tokens[seat], rng.choice(game.state.legal_moves(seat)))


def scenario(
    redis_client: Any, set_attr: Callable[[Any, str, Any], None] = setattr, **options: Any
) -> list[str]:
    """The games: a public table waiting for players (one joined), an invited table with a
    timer (joined, played, left), a Skip-Bo game against a bot, a game of bots only still
    being played. Returns their ids."""
    Seating = _module("cardtable.games.seating").Seating

    fix_secrets(set_attr)
    service = service_for(redis_client, bot_moves_per_request=5, **options)
    lobby, _, invite, _ = service.create(
        "skyjo", [{"name": "Ann"}, {"open": True}, {"open": True}], public=True
    )
    Seating(service).join(lobby.game_id, "Cy", invite)
    waiting, tokens, invite, _ = service.create(
        "skyjo", [{"name": "Ann"}, {"open": True}], seed=7, turn_seconds=60
    )
    _, seat, token = Seating(service).join(waiting.game_id, "Bea", invite)
    seated = {0: tokens[0], seat: token}
    play_humans(service, waiting.game_id, seated, 12, seed=8)
    Seating(service).leave(waiting.game_id, token)
    play_humans(service, waiting.game_id, seated, 6, seed=9)
    duel, tokens, _, _ = service.create(
        "skipbo", [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], seed=3
    )
    play_humans(service, duel.game_id, {0: tokens[0]}, 8, seed=4)
    bots, _, _, _ = service.create(
        "skyjo", [{"name": "B0", "bot": "greedy"}, {"name": "B1", "bot": "greedy"}], seed=5
    )
    return [lobby.game_id, waiting.game_id, duel.game_id, bots.game_id]


def stored(redis_client: Any) -> dict[str, Any]:
    """Every key under the scenario's prefix as stored: a hash's fields (its `doc` decoded),
    a string's bytes in hex, a sorted set's members with their scores."""
    codec = _module("cardtable.store.compression")

    found: dict[str, Any] = {}
    for raw_key in sorted(redis_client.keys(f"{PREFIX}*")):
        key = raw_key.decode()
        kind = redis_client.type(raw_key).decode()
        if kind == "hash":
            fields = redis_client.hgetall(raw_key)
            found[key] = {
                name.decode(): codec.decode(value) if name == b"doc" else _text(value)
                for name, value in sorted(fields.items())
            }
        elif kind == "string":
            found[key] = redis_client.get(raw_key).hex()
        elif kind == "zset":
            found[key] = [
                [m.decode(), s] for m, s in redis_client.zrange(raw_key, 0, -1, withscores=True)
            ]
    return found


def _text(value: bytes) -> str:
    try:
        return value.decode()
    except UnicodeDecodeError:
        return "hex:" + value.hex()


def _isolate(service_dir: str) -> None:
    """Import `cardtable` from `service_dir` (and its engine) only: this environment's
    editable installs of this release are taken out of the import system."""
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
    sys.path_hooks[:] = [h for h in sys.path_hooks if "editable" not in repr(h).lower()]
    sys.path[:] = [p for p in sys.path if "/service" not in p]
    sys.path[:0] = [service_dir, f"{service_dir}/engine"]
    sys.path_importer_cache.clear()
    service = _module("cardtable.games.service")

    if not service.__file__ or not service.__file__.startswith(service_dir):
        raise SystemExit(f"imported the wrong cardtable: {service.__file__}")


def main(service_dir: str, redis_url: str, action: str = "capture", *args: str) -> None:
    """`capture`: play the scenario on a flushed database and print what it stored;
    `move GAME_ID TOKEN SEED`: one random legal move of the seat of TOKEN, printing the
    game's new version and stored schema."""
    _isolate(service_dir)
    import redis

    client = redis.Redis.from_url(redis_url)
    if action == "capture":
        for key in client.keys(f"{PREFIX}*"):
            client.delete(key)
        scenario(client)
        json.dump(stored(client), sys.stdout, indent=1)
        return
    game_id, token, seed = args
    service = service_for(client)
    game = service.load(game_id)
    seat = service.seat_for(game, token)
    move = random.Random(int(seed)).choice(game.state.legal_moves(seat))
    moved = service.move(game_id, token, move)[0]
    document = service.store.load(game_id).document
    print(json.dumps({"version": moved.version, "schema": document["schema_version"]}))


if __name__ == "__main__":
    main(*sys.argv[1:])
