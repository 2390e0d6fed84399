"""CARDTABLE_WRITE_SCHEMA=3: this release writes game documents as the release before
(commit ce29e37, schema 3, which refuses schema 4) wrote them, for the first step of a
rolling update; set back to 4, a game is upgraded on its next write. Against a real Redis,
the real services and app, and the release before's own code where the repository holds it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.documents.game import write_document
from cardtable.games.seating import Seating
from cardtable.games.service import TOKENS_FIELD, GameService
from cardtable.server.redis_server import RedisServer
from cardtable.store import DocumentStore
from cardtable.store import compression as codec
from cardtable_engine.registry import GAMES
from tests.services import schema3_scenario as scenario
from tests.support.limits import RAISED_LIMITS

RELEASE_BEFORE = "ce29e37"
ROOT = Path(__file__).resolve().parents[2]
CAPTURED = Path(__file__).parent / "data" / "written_by_schema3.json"
EMPTY = {"lobby": "", "deadline": "", "autoplay": "0"}
"""The small fields' empty values the release before stored; this release leaves such a
field out (the release before reads an absent one alike: `if raw`, `bool(deadline)`,
`autoplay == "1"`)."""


def _hash_fields(key: str, game: redis.Redis) -> tuple[int, dict[str, Any], set[str]]:
    version, doc = game.hmget(key, ["version", "doc"])
    assert version is not None and doc is not None
    names = {name.decode() for name in game.hkeys(key)}
    return int(version), codec.decode(doc), names


def _service(redis_client: redis.Redis, schema: int) -> GameService:
    return scenario.service_for(redis_client, write_schema=schema)  # type: ignore[no-any-return]


def _stored(service: GameService, game_id: str) -> tuple[int, set[str]]:
    """The stored document's schema and the names of the hash's fields."""
    _, document, names = _hash_fields(service.store.key_for(game_id), service.store.redis)
    return document["schema_version"], names


def test_schema_3_is_what_the_release_before_wrote(
    redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same games played with the same ids, tokens, seeds and clock leave the same
    documents (field order included), logs, token hashes, lobby entries and deadlines as
    the release before's code left (captured from it, see schema3_scenario)."""
    scenario.scenario(redis_client, monkeypatch.setattr, write_schema=3)
    written = scenario.stored(redis_client)
    captured = json.loads(CAPTURED.read_text())
    assert written.keys() == captured.keys()
    for key, before in captured.items():
        if isinstance(before, dict):
            expected = {k: v for k, v in before.items() if EMPTY.get(k) != v}
            # The store's ring of request ids is new (the release before ignores it).
            assert {k: v for k, v in written[key].items() if k != "writes"} == expected, key
            assert json.dumps(written[key]["doc"]) == json.dumps(before["doc"]), key
            assert written[key]["doc"]["schema_version"] == 3
        else:
            assert written[key] == before, key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_schema_3_game_plays_to_its_end_as_schema_3(redis_client: redis.Redis, game: str) -> None:
    service = _service(redis_client, 3)
    created, tokens, _, _ = service.create(game, [{"name": "a"}, {"name": "b"}], seed=11)
    seats = {seat: token for seat, token in enumerate(tokens) if token}
    moves = 0
    while not service.load(created.game_id).finished:
        scenario.play_humans(service, created.game_id, seats, 1, seed=moves)
        moves += 1
        schema, names = _stored(service, created.game_id)
        assert schema == 3 and "token_hashes" in names and TOKENS_FIELD not in names
    finished = service.load(created.game_id)
    assert "table_log" in service.store.load(created.game_id).document
    assert finished.version == moves == service.poll_version(created.game_id, tokens[1])
    record = service.record_for(created.game_id, None)
    assert GAMES[game].replay(record).score() == finished.state.score()
    rematch = Seating(service).rematch(created.game_id, tokens[0])[0]
    assert rematch.game_id == service.load(created.game_id).hosting.rematch
    schema, names = _stored(service, rematch.game_id)
    assert schema == 3 and "token_hashes" in names and TOKENS_FIELD not in names


def test_switching_the_setting_rewrites_a_game_on_its_next_write(redis_client: redis.Redis) -> None:
    """3 -> 4 upgrades a game when next written; 4 -> 3 (a rollback of the setting) writes
    the hex token hashes again and deletes the binary ones, which would otherwise hide a
    seat taken since (a poll reads the binary field first)."""
    three, four = _service(redis_client, 3), _service(redis_client, 4)
    created, tokens, invite, _ = three.create("skyjo", [{"name": "Ann"}, {"open": True}], seed=2)
    ring = "writes"  # the store's ring of request ids, whatever the schema
    assert _stored(three, created.game_id) == (3, {"version", "doc", "token_hashes", ring})
    four.save(four.load(created.game_id), created.version)  # the next write, whatever it is
    assert _stored(four, created.game_id) == (4, {"version", "doc", TOKENS_FIELD, ring})
    assert write_document(four.load(created.game_id)) == write_document(three.load(created.game_id))
    _, seat, token = Seating(three).join(created.game_id, "Bea", invite)
    schema, names = _stored(three, created.game_id)
    assert schema == 3 and "token_hashes" in names and TOKENS_FIELD not in names
    for service in (three, four):
        assert service.seat_for(service.load(created.game_id), token) == seat
        assert service.poll_version(created.game_id, token) == created.version + 1
    game = four.load(created.game_id)
    move = game.state.legal_moves(0)[0]
    four.move(created.game_id, tokens[0], move)
    assert _stored(four, created.game_id)[0] == 4
    assert four.poll_version(created.game_id, token) == game.version + 1


def test_the_setting_is_3_4_or_5(redis_client: redis.Redis) -> None:
    assert Settings.from_env({}).write_schema == 5
    assert Settings.from_env({"CARDTABLE_WRITE_SCHEMA": "3"}).write_schema == 3
    assert Settings.from_env({"CARDTABLE_WRITE_SCHEMA": "4"}).write_schema == 4
    for value in ("6", "2", "0"):
        with pytest.raises(ValueError, match=r"\(CARDTABLE_WRITE_SCHEMA\) must be 3, 4 or 5"):
            Settings.from_env({"CARDTABLE_WRITE_SCHEMA": value})
    with pytest.raises(ValueError, match="write_schema"):
        GameService(DocumentStore(redis_client, "game"), write_schema=2)


@pytest.fixture(params=[(3, 4), (4, 5)], ids=["3-4", "4-5"])
def replicas(
    request: pytest.FixtureRequest, redis_server: RedisServer
) -> Iterator[dict[int, Flask]]:
    """Two apps on one Redis and key prefix: one writing the older schema, one the newer
    (4 and 5 store the log's moves in different forms)."""
    apps = {
        schema: create_app(
            Settings(
                redis_url=redis_server.url,
                key_prefix="mixed",
                write_schema=schema,
                **RAISED_LIMITS,
            )
        )
        for schema in request.param
    }
    yield apps
    for app in apps.values():
        app.extensions["cardtable"].redis.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_mixed_replicas_play_one_game(
    replicas: dict[int, Flask], redis_client: redis.Redis, game: str
) -> None:
    """Requests of one game land on either replica in turn; every write leaves the writer's
    schema, and every read (views, legal moves, moves) works on either."""
    clients = {schema: app.test_client() for schema, app in replicas.items()}
    older, newer = sorted(clients)
    players = [{"name": "a"}, {"name": "b"}]
    created = clients[older].post("/games", json={"game": game, "players": players, "seed": 4})
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["id"]
    tokens = [player["token"] for player in created.get_json()["players"]]
    key = replicas[older].extensions["cardtable"].games.store.key_for(game_id)
    rng = random.Random(5)
    for turn in range(40):
        schema = older if turn % 2 else newer
        client, other = clients[schema], clients[older + newer - schema]
        view = other.get(f"/games/{game_id}").get_json()
        if view["finished"]:
            break
        seat = rng.choice(view["active_seats"])
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = other.get(f"/games/{game_id}/legal-moves", headers=auth).get_json()["moves"]
        answer = client.post(
            f"/games/{game_id}/moves", json={"move": rng.choice(legal)}, headers=auth
        )
        assert answer.status_code == 200, answer.get_json()
        assert _hash_fields(key, redis_client)[1]["schema_version"] == schema
    assert client.get(f"/games/{game_id}").get_json()["version"] == turn + 1
    # Either replica replays the log the other wrote last into the same events.
    feeds = [clients[s].get(f"/games/{game_id}/events").get_json() for s in (older, newer)]
    assert feeds[0] == feeds[1] and len(feeds[0]["events"]) > turn


@pytest.fixture(scope="module")
def release_before(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The release before's service code, from the repository's history."""
    found = subprocess.run(
        ["git", "cat-file", "-e", f"{RELEASE_BEFORE}^{{commit}}"], cwd=ROOT, check=False
    )
    if found.returncode != 0:
        pytest.skip(f"the repository does not hold commit {RELEASE_BEFORE} (a shallow clone)")
    target = tmp_path_factory.mktemp("release_before")
    archive = subprocess.run(
        ["git", "archive", RELEASE_BEFORE, "service"], cwd=ROOT, check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    return target / "service"


def _run_before(service_dir: Path, redis_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    script = Path(scenario.__file__)
    return subprocess.run(
        [sys.executable, str(script), str(service_dir), redis_url, *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_capture_is_the_release_befores_own(
    release_before: Path, redis_server: RedisServer, redis_client: redis.Redis
) -> None:
    ran = _run_before(release_before, redis_server.url, "capture")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == json.loads(CAPTURED.read_text())


def test_the_release_before_plays_games_this_release_writes_as_schema_3(
    release_before: Path, redis_server: RedisServer, redis_client: redis.Redis
) -> None:
    """Old and new replicas take turns on one game while this one writes schema 3; once a
    replica writes 4, the release before refuses the game (why step one is needed)."""
    three, four = _service(redis_client, 3), _service(redis_client, 4)
    created, tokens, _, _ = three.create("skipbo", [{"name": "a"}, {"name": "b"}], seed=6)
    for turn in range(6):
        game = three.load(created.game_id)
        seat = game.state.active_seats()[0]
        if turn % 2:
            three.move(created.game_id, tokens[seat], game.state.legal_moves(seat)[0])
            continue
        ran = _run_before(
            release_before, redis_server.url, "move", created.game_id, tokens[seat], "1"
        )
        assert ran.returncode == 0, ran.stderr
        moved = json.loads(ran.stdout)
        assert moved["schema"] == 3 and moved["version"] == three.load(created.game_id).version
    game = four.load(created.game_id)
    seat = game.state.active_seats()[0]
    four.move(created.game_id, tokens[seat], game.state.legal_moves(seat)[0])
    ran = _run_before(release_before, redis_server.url, "move", created.game_id, tokens[seat], "1")
    assert ran.returncode != 0 and "newer release" in ran.stderr
