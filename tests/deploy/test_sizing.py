"""docs/deploying.md's Redis sizing counts every key a game leaves: games played to their end
by the SDK (every write keyed, as the SDK sends them) against a real gunicorn and Redis,
then Redis's MEMORY USAGE (every field counted) of each key holding the game's id, checked
against the page's formula:

    per stored game      BYTES_PER_GAME                        (its hash and its log)
    per game keyed in the last CARDTABLE_IDEMPOTENCY_TTL_SECONDS
                         RECORDS_BASE + RECORDS_PER_SEAT * seats  (its idempotency records)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from cardtable.server.redis_server import RedisServer
from cardtable_sdk import Cardtable
from tests.e2e.gunicorn import Gunicorn
from tests.support.limits import RAISED_LIMITS_ENV

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "sizing"
BYTES_PER_GAME = 4096
RECORDS_BASE = 700
RECORDS_PER_SEAT = 650
IDEMPOTENCY_TTL_SECONDS = 6 * 3600


def play_to_the_end(url: str, game: str, seats: int, seed: int) -> str:
    """A game created and played by the SDK, one session per seat (random legal moves)."""
    rng = random.Random(seed)
    with Cardtable(url) as table:
        created = table.create_game(game, [f"p{i}" for i in range(seats)], seed=seed)
        sessions = [created.seat(i) for i in range(seats)]
        while True:
            turns = [session.turn() for session in sessions]
            if turns[0].view.finished:
                return str(created.id)
            session, turn = next(
                (s, t) for s, t in zip(sessions, turns, strict=True) if t.legal_moves
            )
            session.move(rng.choice(turn.legal_moves))


@pytest.fixture(scope="module")
def served(redis_server: RedisServer) -> Iterator[tuple[Gunicorn, redis.Redis]]:
    env = {
        "CARDTABLE_REDIS_URL": redis_server.url,
        "CARDTABLE_KEY_PREFIX": PREFIX,
        **RAISED_LIMITS_ENV,
    }
    with Gunicorn(env=env, workers=1) as server:
        yield server, redis.Redis(port=redis_server.port)


@pytest.mark.parametrize(("game", "seats"), [("skyjo", 2), ("skyjo", 4), ("skipbo", 2)])
def test_every_key_a_game_leaves_fits_the_formula(
    served: tuple[Gunicorn, redis.Redis], game: str, seats: int
) -> None:
    server, client = served
    game_id = play_to_the_end(server.url, game, seats, seed=seats)
    keys = sorted(key.decode() for key in client.scan_iter(match=f"{PREFIX}:*{game_id}*"))
    base = f"{PREFIX}:game:{{{game_id}}}"
    # Every key the game leaves is one the formula counts.
    assert set(keys) == {
        base,
        f"{base}:log",
        f"{base}:rec:create",
        *(f"{base}:rec:seat{i}" for i in range(seats)),
    }
    size = {key: int(client.memory_usage(key, samples=0)) for key in keys}
    own = size[base] + size[f"{base}:log"]
    records = sum(value for key, value in size.items() if ":rec:" in key)
    assert own <= BYTES_PER_GAME
    budget = RECORDS_BASE + RECORDS_PER_SEAT * seats
    # The records' term covers them, and is not loose (within 15 %).
    assert 0.85 * budget <= records <= budget, (records, budget)
    # Records expire on their own schedule, not the game's.
    for key in keys:
        if ":rec:" in key:
            assert 0 < client.ttl(key) <= IDEMPOTENCY_TTL_SECONDS


def test_the_page_states_the_formula_checked_here() -> None:
    text = " ".join((ROOT / "docs/deploying.md").read_text().split())
    assert f"`BYTES_PER_GAME = {BYTES_PER_GAME} B`" in text
    times = "\N{MULTIPLICATION SIGN}"
    assert f"`RECORDS_PER_GAME = {RECORDS_BASE} + {RECORDS_PER_SEAT} {times} seats B`" in text
