"""Fan-out at scale on a real gunicorn (2 gevent workers): 3,000 Server-Sent Events streams
of one game, idle long enough for their client checks, then 3 moves: every stream gets
every event. Each worker holds ~1,500 connections, so descriptors past 1,024: a check by
select() failed on those and ended about a thousand streams silently (1,973 of 3,000
streams got the moves). Past its capacity a server refuses streams with 503 and
Retry-After, and those it admitted still get everything."""

from __future__ import annotations

import time
from collections.abc import Callable

from cardtable.live.streams import CLOSED_CHECK_SECONDS
from tests.push.conftest import create_game
from tests.push.fanout_client import FanoutClient
from tests.push.test_push_live import play_moves
from tests.support.live_server import LiveServer

MOVES = 3


def fan_out(server: LiveServer, streams: int) -> tuple[dict[str, int], list[dict[str, int]]]:
    """Open `streams` streams of a new game, wait past two client checks, play MOVES moves
    one at a time: what the client opened or was refused, and each move's report."""
    created = create_game(server.url)
    client = FanoutClient(server.port, created["id"], streams)
    try:
        opened = client.report()
        time.sleep(2 * CLOSED_CHECK_SECONDS + 1)  # every idle stream checks its client
        reports = []
        for version in range(1, MOVES + 1):
            play_moves(server.url, created, 1)
            reports.append(client.wait(version, 300, time.time()))
        return opened, reports
    finally:
        client.close()


def test_3000_streams_on_one_server_get_every_event(
    push_servers: Callable[..., LiveServer],
) -> None:
    server = push_servers(workers=2, CARDTABLE_TRUSTED_PROXIES="1")
    opened, reports = fan_out(server, 3000)
    assert opened == {"opened": 3000, "refused": {}}
    for report in reports:
        assert (report["reached"], report["open"]) == (3000, 3000), report
    assert reports[-1]["deliveries"] == 3000 * MOVES
    assert reports[-1]["counts"] == {str(MOVES): 3000}


def test_past_its_capacity_a_server_refuses_streams_with_503_and_serves_the_rest(
    push_servers: Callable[..., LiveServer],
) -> None:
    server = push_servers(workers=1, CARDTABLE_TRUSTED_PROXIES="1", CARDTABLE_MAX_STREAMS="1200")
    opened, reports = fan_out(server, 1500)
    assert opened == {"opened": 1200, "refused": {"503 too_many_waiting +Retry-After": 300}}
    for report in reports:
        assert (report["reached"], report["open"]) == (1200, 1200), report
    assert reports[-1]["counts"] == {str(MOVES): 1200}
