"""Every waiting request takes its slots through `Hub.slot`: a stream its address group's
and the process's, a long-poll the process's alone; each comes back when the block ends,
however it ends, and a refusal takes nothing."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from cardtable.live.hub import Hub, Overloaded, TooManyStreams


def test_a_stream_takes_its_address_groups_slot_and_the_processs() -> None:
    hub = Hub(None, "t", capacity=3, streams_per_address=2)
    with ExitStack() as held:
        held.enter_context(hub.slot("2001:db8::1"))
        held.enter_context(hub.slot("2001:db8::2"))  # the same /64: one client
        with pytest.raises(TooManyStreams), hub.slot("2001:db8::3"):
            pass
        assert hub.held == 2  # the refusal took nothing
        held.enter_context(hub.slot("192.0.2.7"))  # another client
        with pytest.raises(Overloaded) as refused, hub.slot():  # a long-poll: the process is full
            pass
        assert refused.type is Overloaded
    assert hub.held == 0
    with ExitStack() as held:  # every address slot came back
        for address in ("2001:db8::1", "2001:db8::2", "192.0.2.7"):
            held.enter_context(hub.slot(address))
        assert hub.held == 3


def test_a_stream_refused_by_a_full_process_gives_its_address_slot_back() -> None:
    hub = Hub(None, "t", capacity=1, streams_per_address=1)
    with hub.slot(), pytest.raises(Overloaded), hub.slot("192.0.2.7"):  # a long-poll fills it
        pass
    with hub.slot("192.0.2.7"):  # its one stream slot is free again
        assert hub.held == 1


def test_slots_come_back_when_the_block_raises() -> None:
    hub = Hub(None, "t", capacity=1, streams_per_address=1)
    with pytest.raises(LookupError), hub.slot("192.0.2.7"):
        raise LookupError("the game is gone")
    with hub.slot("192.0.2.7"):
        assert hub.held == 1
    with hub.slot():
        assert hub.held == 1
    assert hub.held == 0
