"""After many streams and long-polls close, the hub gives the heap they freed back to the OS
(glibc's malloc_trim), once per drop, at most once per few seconds, and not when the setting
says not to."""

from __future__ import annotations

import sys
import time

import pytest

from cardtable.api.requests import wiring
from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.live import hub as hub_module
from cardtable.live.hub import TRIM_AFTER_DROP, Hub, _malloc_trim


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_module, "TRIM_SETTLE_SECONDS", 0.01)
    monkeypatch.setattr(hub_module, "TRIM_EVERY_SECONDS", 0.3)


def counted(hub: Hub) -> list[int]:
    """Record each trim the hub makes (and make it: the real call)."""
    calls: list[int] = []
    real = hub.freed._trim
    assert real is not None

    def trim(pad: int) -> int:
        calls.append(pad)
        return real(pad)

    hub.freed._trim = trim
    return calls


def hold(hub: Hub, count: int) -> None:
    for _ in range(count):
        hub.acquire()


def drop(hub: Hub, count: int) -> None:
    for _ in range(count):
        hub.release()


def wait_for(calls: list[int], count: int) -> None:
    deadline = time.monotonic() + 5
    while len(calls) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.05)  # and no more than that


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_glibc_has_malloc_trim() -> None:
    trim = _malloc_trim()
    assert trim is not None
    assert trim(0) in (0, 1)  # 1: memory was released


@pytest.mark.usefixtures("quick")
def test_a_large_drop_trims_once_and_small_ones_not() -> None:
    hub = Hub(None, "t", capacity=1000)
    calls = counted(hub)
    hold(hub, 200)
    drop(hub, TRIM_AFTER_DROP - 1)
    wait_for(calls, 1)
    assert calls == []  # 49 gone of 200: not yet
    drop(hub, 1)
    wait_for(calls, 1)
    assert calls == [0]
    hold(hub, 5)
    drop(hub, 5)  # back to where it was: a small drop, no trim
    wait_for(calls, 2)
    assert calls == [0]
    drop(hub, hub.held)  # the last 150 go
    wait_for(calls, 2)
    assert calls == [0, 0]


@pytest.mark.usefixtures("quick")
def test_drops_in_a_row_wait_their_turn() -> None:
    hub = Hub(None, "t", capacity=1000)
    calls = counted(hub)
    hold(hub, 300)
    started = time.monotonic()
    for _ in range(3):
        drop(hub, 100)
        time.sleep(0.05)
    wait_for(calls, 2)
    # The first drop trims at once; the second, soon after that trim, waits for its turn
    # (0.3 s after it); the third comes while that one is pending, which covers it.
    assert calls == [0, 0]
    assert time.monotonic() - started >= 0.3


@pytest.mark.usefixtures("quick")
def test_the_last_of_a_few_trims_but_one_alone_not() -> None:
    hub = Hub(None, "t", capacity=1000)
    calls = counted(hub)
    hold(hub, 1)
    drop(hub, 1)
    wait_for(calls, 1)
    assert calls == []
    hold(hub, 10)
    drop(hub, 10)
    wait_for(calls, 1)
    assert calls == [0]


def test_the_setting_turns_it_off(settings: Settings) -> None:
    assert Settings.from_env({}).return_freed_memory is True
    assert Settings.from_env({"CARDTABLE_RETURN_FREED_MEMORY": "0"}).return_freed_memory is False
    app = create_app(settings.with_overrides(max_streams=100, return_freed_memory=False))
    with app.app_context():
        hub = wiring().games.hub
    assert hub.freed._trim is None
    hold(hub, 100)
    drop(hub, 100)  # nothing to call: no error, no trim
    assert hub.held == 0
