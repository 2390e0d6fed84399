"""The one play loop behind `play` and `play_async`, on the live server: both play a seeded
game move for move alike, ride out the same injected faults (429 with Retry-After, a move
whose answer is lost after it was applied) with the same Idempotency-Key, log the same
retries without secrets, and stop on `idle_timeout`.

Faults are injected in front of the real server by an httpx transport: it answers 429
itself, or forwards the request and then replaces the answer with a 503 `outcome_unknown`
(the write happened, the client cannot know)."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from cardtable_sdk import (
    AsyncCardtable,
    Backoff,
    Cardtable,
    InvalidBotMove,
    LongPoll,
    MoveList,
    PlayResult,
    Stalled,
    View,
    play,
    play_async,
)
from tests.support.live_server import LiveServer

KEY = re.compile(r"^[0-9a-f]{32}$")
GAME = {"game": "skipbo", "options": {"stock_size": 5}, "seed": 11}


def kind(request: httpx.Request) -> str:
    """What a request does: "move", "poll" (a long-poll), "read" or "create"."""
    if request.method == "POST":
        return "move" if request.url.path.endswith("/moves") else "create"
    return "poll" if "wait" in request.url.params else "read"


@dataclass
class Faults:
    """Scripted faults by request kind: "rate_limited" (429, not forwarded) or "lost" (the
    request is forwarded and applied, its answer replaced by a 503 `outcome_unknown`)."""

    script: dict[str, list[str]] = field(default_factory=dict)
    retry_after: str = "0"
    seen: list[httpx.Request] = field(default_factory=list)

    def of(self, request: httpx.Request, due: str) -> bool:
        pending = self.script.get(kind(request)) or []
        if pending and pending[0] == due:
            pending.pop(0)
            return True
        return False

    def before(self, request: httpx.Request) -> httpx.Response | None:
        self.seen.append(request)
        if self.of(request, "rate_limited"):
            return self.answer(429, "rate_limited")
        return None

    def after(self, request: httpx.Request, response: httpx.Response) -> httpx.Response:
        return self.answer(503, "outcome_unknown") if self.of(request, "lost") else response

    def answer(self, status: int, code: str) -> httpx.Response:
        body = {"code": code, "message": code, "status": status, "details": {}}
        return httpx.Response(status, json=body, headers={"Retry-After": self.retry_after})

    def requests(self, of_kind: str) -> list[httpx.Request]:
        return [request for request in self.seen if kind(request) == of_kind]


class FaultySync(httpx.HTTPTransport):
    def __init__(self, faults: Faults) -> None:
        super().__init__()
        self.faults = faults

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        refused = self.faults.before(request)
        if refused is not None:
            return refused
        response = super().handle_request(request)
        response.read()
        return self.faults.after(request, response)


class FaultyAsync(httpx.AsyncHTTPTransport):
    def __init__(self, faults: Faults) -> None:
        super().__init__()
        self.faults = faults

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if (refused := self.faults.before(request)) is not None:
            return refused
        answer = await super().handle_async_request(request)
        await answer.aread()
        return self.faults.after(request, answer)


def seeded_bot(seed: int = 4) -> Any:
    rng = random.Random(seed)
    return lambda view, legal: rng.choice(legal)


def quick_backoff() -> Backoff:
    return Backoff(initial=0.01, maximum=0.02, rng=random.Random(0))


@dataclass
class Run:
    """One runner's game: its result, record, requests and the seats' tokens."""

    result: PlayResult
    record: dict[str, Any]
    faults: Faults
    tokens: list[str]


def run_sync(url: str, faults: Faults, **settings: Any) -> Run:
    with Cardtable(url, httpx_args={"transport": FaultySync(faults)}) as table:
        game = table.create_game(
            GAME["game"], ["SDK", ("Greedy", "greedy")], options=GAME["options"], seed=GAME["seed"]
        )
        seat = game.seat(0)
        result = play(seat, seeded_bot(), sleep=lambda seconds: None, **settings)
        return Run(result, seat.record(), faults, game.tokens)


def run_async(url: str, faults: Faults, **settings: Any) -> Run:
    async def scenario() -> Run:
        async with AsyncCardtable(url, httpx_args={"transport": FaultyAsync(faults)}) as table:
            game = await table.create_game(
                GAME["game"], ["SDK", ("Greedy", "greedy")], options=GAME["options"],
                seed=GAME["seed"],
            )  # fmt: skip
            seat = game.seat(0)
            result = await play_async(seat, seeded_bot(), **settings)
            return Run(result, await seat.record(), faults, [p.token for p in game.players])

    return asyncio.run(scenario())


def moves_of(record: Mapping[str, Any]) -> list[Any]:
    return [entry for entry in record["log"] if entry["type"] == "move"]


def test_sync_and_async_runners_play_a_seeded_game_alike(live_server: LiveServer) -> None:
    plain, awaited = run_sync(live_server.url, Faults()), run_async(live_server.url, Faults())
    assert plain.result.score["finished"]
    for run in (plain, awaited):
        run.result.view.pop("id")  # the two games' ids: all else must be equal
    assert plain.result == awaited.result  # seat, score, final view, moves and retries
    assert plain.record["log"] == awaited.record["log"]
    assert plain.result.moves == sum(1 for m in moves_of(plain.record) if m["seat"] == 0)
    assert plain.result.retries == 0


def test_every_move_carries_a_fresh_idempotency_key(live_server: LiveServer) -> None:
    run = run_sync(live_server.url, Faults())
    moves = run.faults.requests("move")
    keys = [request.headers["Idempotency-Key"] for request in moves]
    assert len(keys) == run.result.moves and all(KEY.match(key) for key in keys)
    assert len(set(keys)) == len(keys)
    # With If-Match of the view the move was decided on: the versions only grow.
    versions = [int(request.headers["If-Match"].strip('"')) for request in moves]
    assert versions == sorted(set(versions))


def fault_script() -> dict[str, list[str]]:
    return {"read": ["rate_limited"], "move": ["lost"]}


@pytest.mark.parametrize("runner", [run_sync, run_async], ids=["sync", "async"])
def test_a_lost_answer_is_resent_with_the_same_key_and_never_applied_twice(
    live_server: LiveServer, runner: Any
) -> None:
    run = runner(live_server.url, Faults(fault_script()), backoff=quick_backoff())
    assert run.result.score["finished"] and run.result.retries >= 2
    lost, resent = run.faults.requests("move")[:2]
    for header in ("Idempotency-Key", "If-Match"):
        assert lost.headers[header] == resent.headers[header]
    assert json.loads(lost.content) == json.loads(resent.content)
    # The first one was applied once: the resend either got the first answer back (a
    # server keeping keys) or a 412, after which the runner looked again and decided anew.
    applied = sum(1 for move in moves_of(run.record) if move["seat"] == 0)
    assert applied in (run.result.moves, run.result.moves + 1)
    # The 429 was answered by waiting and reading again.
    reads = run.faults.requests("read")
    assert reads[0].url == reads[1].url


def test_both_runners_log_the_same_retries_and_no_secret(
    live_server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="cardtable_sdk")
    logged: list[list[str]] = []
    for runner in (run_sync, run_async):
        caplog.clear()
        run = runner(live_server.url, Faults(fault_script()), backoff=quick_backoff())
        records = [r for r in caplog.records if r.name.startswith("cardtable_sdk")]
        for record in records:
            # Never a token; never a view or a move (hands and drawn cards) as an argument.
            assert not any(token in record.getMessage() for token in run.tokens)
            assert not any(isinstance(arg, Mapping) for arg in record.args or ())
        logged.append([re.sub(r"game \S+", "game G", r.getMessage()) for r in records])
    assert logged[0] == logged[1]
    text = "\n".join(logged[0])
    assert "reading the view was rate limited (429, Retry-After 0.0 s): waiting" in text
    assert "retry 1 of 8 (see docs/limits.md for the bot profile)" in text
    assert "sending the move failed (outcome_unknown), retry 1 of 8 in" in text
    assert any(" applied, at version " in line for line in logged[0])


def test_retry_after_is_honoured_up_to_its_cap(live_server: LiveServer) -> None:
    sleeps: list[float] = []
    faults = Faults({"read": ["rate_limited", "rate_limited"]}, retry_after="120")
    with Cardtable(live_server.url, httpx_args={"transport": FaultySync(faults)}) as table:
        game = table.create_game("skyjo", ["SDK", ("Greedy", "greedy")], seed=3)
        backoff = Backoff(initial=0.01, maximum=0.02, retry_after_cap=0.5)
        play(game.seat(0), seeded_bot(), sleep=sleeps.append, backoff=backoff)
    assert sleeps == [0.5, 0.5]


def test_the_on_wait_hook_hears_of_each_429_and_its_wait(live_server: LiveServer) -> None:
    sleeps: list[float] = []
    heard: list[tuple[str, float | None, float]] = []
    faults = Faults({"read": ["rate_limited"]}, retry_after="0.3")
    with Cardtable(live_server.url, httpx_args={"transport": FaultySync(faults)}) as table:
        game = table.create_game("skyjo", ["SDK", ("Greedy", "greedy")], seed=3)
        play(
            game.seat(0), seeded_bot(), sleep=sleeps.append, backoff=Backoff(0.01, 0.02),
            on_wait=lambda error, seconds: heard.append((error.code, error.retry_after, seconds)),
        )  # fmt: skip
    assert heard == [("rate_limited", 0.3, 0.3)] and sleeps == [0.3]


def two_humans(table: Cardtable) -> Any:
    """A Skip-Bo game where seat 1, which nobody plays, acts first."""
    return table.create_game("skipbo", ["A", "B"], options={"first_player": 1}, seed=2)


def test_idle_timeout_stops_a_sync_runner_and_bounds_its_waits(live_server: LiveServer) -> None:
    faults = Faults()
    with Cardtable(live_server.url, httpx_args={"transport": FaultySync(faults)}) as table:
        game = two_humans(table)
        seat = game.seat(0)
        with pytest.raises(Stalled) as raised:  # long-polls (the stream is the default)
            play(seat, seeded_bot(), wait=20, idle_timeout=0.4, watcher=LongPoll(seat))
    assert raised.value.details["version"] == game.version
    polls = faults.requests("poll")
    # Each long-poll asked for no more than what was left of the idle time, not `wait`.
    assert polls and all(0 < float(p.url.params["wait"]) <= 0.4 for p in polls)


def test_idle_timeout_stops_an_async_runner(live_server: LiveServer) -> None:
    async def scenario() -> None:
        async with AsyncCardtable(live_server.url) as table:
            game = await table.create_game(
                "skipbo", ["A", "B"], options={"first_player": 1}, seed=2
            )
            with pytest.raises(Stalled):
                await play_async(game.seat(0), seeded_bot(), wait=20, idle_timeout=0.4)

    asyncio.run(scenario())


def test_an_async_bot_that_returns_no_legal_move_is_named(live_server: LiveServer) -> None:
    async def confused(view: View, legal: MoveList) -> dict[str, Any]:
        return {"type": "pass"}  # only with an empty hand, which it does not have

    async def scenario() -> None:
        async with AsyncCardtable(live_server.url) as table:
            game = await table.create_game("skipbo", ["A", ("B", "greedy")], seed=5)
            with pytest.raises(InvalidBotMove, match="confused") as raised:
                await play_async(game.seat(0), confused)
            assert raised.value.turn.view.version == game.version

    asyncio.run(scenario())


@dataclass
class CountingWatcher:
    """A watcher of one's own: the loop only calls `wait(version, timeout)` (here passed on
    to the long-poll), so an event stream can take its place without touching the loop."""

    inner: LongPoll
    versions: list[int] = field(default_factory=list)

    def wait(self, version: int, timeout: float) -> Any:
        self.versions.append(version)
        return self.inner.wait(version, timeout)


def test_a_watcher_of_ones_own_replaces_the_long_poll_sync_and_async(
    live_server: LiveServer,
) -> None:
    async def scenario() -> list[CountingWatcher]:
        async with AsyncCardtable(live_server.url) as table:
            game = await table.create_game("skyjo", ["A", "B"], options={"end_score": 20}, seed=8)
            seats = game.human_seats()
            watchers = [CountingWatcher(LongPoll(seat)) for seat in seats]
            results = await asyncio.gather(
                *(
                    play_async(seat, seeded_bot(i), watcher=watchers[i], wait=5)
                    for i, seat in enumerate(seats)
                )
            )
            assert results[0].score == results[1].score and results[0].score["finished"]
            return watchers

    for watcher in asyncio.run(scenario()):
        # It was asked to wait past versions that only grow, each one the seat's last view.
        assert watcher.versions and watcher.versions == sorted(watcher.versions)

    with Cardtable(live_server.url) as table:
        game = table.create_game("skyjo", ["A", "B"], options={"end_score": 20}, seed=8)
        watchers = [CountingWatcher(LongPoll(seat)) for seat in game.human_seats()]
        with ThreadPoolExecutor(2) as pool:
            futures = [
                pool.submit(play, watcher.inner.session, seeded_bot(i), watcher=watcher, wait=5)
                for i, watcher in enumerate(watchers)
            ]
            scores = [future.result().score for future in futures]
    assert scores[0] == scores[1] and scores[0]["finished"]
    assert all(watcher.versions for watcher in watchers)
