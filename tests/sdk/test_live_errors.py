"""Every error a real server answers reaches the caller as its own exception class, with
the server's code, message and status; the game is unchanged after each."""

from __future__ import annotations

import random
import socket
import time
from collections.abc import Iterator

import pytest
import redis as redis_py

from cardtable.server.redis_server import RedisServer, free_port
from cardtable_client.api.games import get_legal_moves
from cardtable_sdk import (
    BotSeat,
    Cardtable,
    ConnectionFailed,
    GameNotFound,
    GameNotOver,
    GameOver,
    IllegalMove,
    InvalidOptions,
    InvalidPlayers,
    InvalidToken,
    MalformedMove,
    NotYourTurn,
    RequestTimeout,
    ServiceUnavailable,
    StaleVersion,
    TokenRequired,
    Turn,
    ValidationError,
    WrongPhase,
    play,
)
from cardtable_sdk._http import as_seat_or_spectator
from cardtable_sdk.errors import CardtableError
from tests.support.live_server import LiveServer

REVEAL_00 = {"type": "reveal", "row": 0, "col": 0}


def test_move_errors_map_to_their_classes_and_change_nothing(table: Cardtable) -> None:
    created = table.create_game("skyjo", ["A", "B"], seed=1)
    seat = created.seat(0)
    seat.view()
    refused: list[tuple[dict[str, object], type[CardtableError], str, int]] = [
        ({"type": "draw"}, WrongPhase, "wrong_phase", 422),
        ({"type": "reveal", "row": 0, "col": 1, "card": 3}, MalformedMove, "malformed_move", 422),
        # The server's schema refuses these before the engine: the same code.
        ({"type": "reveal", "row": 5, "col": 0}, MalformedMove, "malformed_move", 422),
        ({"type": "reveal", "row": "1", "col": 0}, MalformedMove, "malformed_move", 422),
        ({"type": "fly"}, MalformedMove, "malformed_move", 422),
    ]
    for move, cls, code, status in refused:
        with pytest.raises(cls) as raised:
            seat.move(move)
        assert (raised.value.code, raised.value.status) == (code, status), move
        assert raised.value.message
    assert seat.view().version == 0  # nothing was applied

    seat.move(REVEAL_00)
    with pytest.raises(IllegalMove, match="already face up") as illegal:
        seat.move(REVEAL_00)
    assert illegal.value.status == 422
    seat.move({"type": "reveal", "row": 0, "col": 1})
    with pytest.raises(NotYourTurn) as not_yours:  # seat 0 revealed its two cards
        seat.move({"type": "reveal", "row": 0, "col": 2})
    assert not_yours.value.status == 409
    assert seat.view().version == 2


def test_a_move_decided_on_an_old_version_is_refused_and_the_view_refreshed(
    table: Cardtable,
) -> None:
    created = table.create_game("skyjo", ["A", "B"], seed=2)
    ann, ben = created.seat(0), created.seat(1)
    ann.view()
    ben.view()
    ben.move(REVEAL_00)  # the game moves on behind Ann's back
    with pytest.raises(StaleVersion) as stale:
        ann.move(REVEAL_00)  # If-Match: "0"
    assert stale.value.status == 412
    assert stale.value.current_version == 1
    assert stale.value.view.version == 1 == ann.version  # re-read, not resent
    assert stale.value.view["players"][0]["grid"][0] is None  # Ann's card: still face down
    ann.move(REVEAL_00)  # decided again on the fresh view: accepted
    assert ann.view().version == 2


def test_auth_errors(table: Cardtable) -> None:
    created = table.create_game("skyjo", ["A", "B"], seed=3)
    with pytest.raises(InvalidToken) as bad:
        table.seat(created.id, "not-a-token").view()
    assert (bad.value.code, bad.value.status) == ("invalid_token", 401)
    other = table.create_game("skyjo", ["C", "D"], seed=3)
    with pytest.raises(InvalidToken):  # a real token, of another game
        table.seat(created.id, other.players[0].token).legal_moves()
    spectator = created.spectate()
    with pytest.raises(TokenRequired) as required:
        # Legal moves are a seat's business: the spectator's client has no token to send.
        get_legal_moves.sync_detailed(created.id, client=as_seat_or_spectator(spectator._client))
    assert (required.value.code, required.value.status) == ("token_required", 401)


def test_unknown_games_and_unfinished_records(table: Cardtable) -> None:
    with pytest.raises(GameNotFound) as missing:
        table.spectate("no-such-game").view()
    assert (missing.value.code, missing.value.status) == ("not_found", 404)
    with pytest.raises(GameNotFound):
        table.seat("no-such-game", "token").move({"type": "draw"})
    created = table.create_game("skyjo", ["A", "B"], seed=4)
    with pytest.raises(GameNotOver) as early:
        created.seat(0).record()
    assert (early.value.code, early.value.status) == ("game_not_over", 409)


def test_bot_seats_and_finished_games_refuse_moves(table: Cardtable) -> None:
    created = table.create_game("skipbo", ["Me", ("Bot", "greedy")], options={"stock_size": 3})
    with pytest.raises(BotSeat) as bot_seat:
        created.seat(1).move({"type": "pass"})
    assert (bot_seat.value.code, bot_seat.value.status) == ("bot_seat", 409)
    seat = created.seat(0)
    rng = random.Random(0)
    result = play(seat, lambda view, legal: rng.choice(legal))
    assert result.view.finished and seat.legal_moves() == []
    with pytest.raises(GameOver) as over:
        seat.move({"type": "pass"})
    assert (over.value.code, over.value.status) == ("game_over", 409)


def test_creation_errors(table: Cardtable) -> None:
    with pytest.raises(InvalidOptions, match="end_score") as options:
        table.create_game("skyjo", ["A", "B"], options={"end_score": 0})
    assert (options.value.code, options.value.status) == ("invalid_options", 422)
    with pytest.raises(InvalidOptions, match="unknown option"):
        table.create_game("skyjo", ["A", "B"], options={"colour": "red"})
    with pytest.raises(InvalidPlayers) as players:
        table.create_game("skipbo", [f"P{i}" for i in range(7)])
    assert (players.value.code, players.value.status) == ("invalid_players", 422)
    with pytest.raises(ValidationError) as schema:
        table.create_game("skyjo", ["A"])  # fewer than the schema's 2 players
    assert schema.value.status == 422 and "players" in str(schema.value.details)
    with pytest.raises(ValidationError):
        table.create_game("skyjo", ["A", "B"], seed=-1)


def test_nobody_listening_is_a_connection_failure() -> None:
    table = Cardtable(f"http://127.0.0.1:{free_port()}", timeout=2)
    with table, pytest.raises(ConnectionFailed) as failed:
        table.game_types()
    assert failed.value.status is None and failed.value.code == "connection_failed"


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A socket that accepts connections and never answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        yield listener.getsockname()[1]


def test_a_server_that_never_answers_is_a_timeout(silent_server: int) -> None:
    table = Cardtable(f"http://127.0.0.1:{silent_server}", timeout=0.3)
    with table, pytest.raises(RequestTimeout):
        table.seat("g", "t").view()


def test_redis_down_is_service_unavailable_with_retry_after() -> None:
    redis = RedisServer().start()
    server = LiveServer(redis_url=redis.url, workers=1, threads=2)
    server.extra_env["CARDTABLE_REDIS_TIMEOUT_SECONDS"] = "0.5"
    try:
        server.start()
        with Cardtable(server.url) as table:
            created = table.create_game("skyjo", ["A", "B"])
            redis.stop()
            with pytest.raises(ServiceUnavailable) as down:
                created.seat(0).view()
            assert (down.value.code, down.value.status) == ("store_unavailable", 503)
            assert down.value.retry_after is not None and down.value.retry_after > 0
            with pytest.raises(ServiceUnavailable):
                table.create_game("skyjo", ["A", "B"])
    finally:
        server.stop()
        redis.stop()


def test_the_runner_rides_out_a_store_outage_and_finishes_the_game() -> None:
    """Redis stops answering mid-game (CLIENT PAUSE: the data survives); the server answers
    503 with Retry-After, and the runner waits, looks again and plays on to the end."""
    redis = RedisServer().start()
    server = LiveServer(redis_url=redis.url, workers=1, threads=2)
    server.extra_env["CARDTABLE_REDIS_TIMEOUT_SECONDS"] = "0.3"
    admin = redis_py.Redis.from_url(redis.url)
    sleeps: list[float] = []
    try:
        server.start()
        with Cardtable(server.url) as table:
            created = table.create_game("skyjo", ["SDK", ("Bot", "greedy")], seed=9)
            rng = random.Random(0)

            def on_move(turn: Turn, move: object, result: object) -> None:
                if not sleeps and turn.view.version >= 4:
                    admin.execute_command("CLIENT", "PAUSE", 1500, "ALL")
                    sleeps.append(0.0)

            def sleep(seconds: float) -> None:
                sleeps.append(seconds)
                time.sleep(seconds)

            result = play(
                created.seat(0),
                lambda view, legal: rng.choice(legal),
                on_move=on_move,
                sleep=sleep,
            )
        assert result.score["finished"]
        assert result.retries >= 1
        # The runner honoured the server's Retry-After (2 s) at least once.
        assert any(seconds >= 2 for seconds in sleeps[1:])
    finally:
        admin.close()
        server.stop()
        redis.stop()
