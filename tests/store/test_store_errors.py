"""Every way redis-py reports a refusal maps to one stable code; a write that was sent and
not answered is `outcome_unknown`, one that never left is not."""

from __future__ import annotations

import pytest
import redis.exceptions as rex

from cardtable.store.errors import refusal_code, write_refusal_code

OOM_IN_SCRIPT = (
    "Error running script (call to f_9485c4): @user_script:9: @user_script: 9: "
    "-OOM command not allowed when used memory > 'maxmemory'."
)


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (rex.OutOfMemoryError("command not allowed when used memory > 'maxmemory'."), "store_full"),
        (rex.ResponseError(OOM_IN_SCRIPT), "store_full"),
        (rex.ReadOnlyError("You can't write against a read only replica."), "store_read_only"),
        (rex.ResponseError("MISCONF Redis is configured to save RDB snapshots"), "store_read_only"),
        (rex.ClusterDownError("CLUSTERDOWN The cluster is down"), "store_unavailable"),
        (rex.BusyLoadingError("Redis is loading the dataset in memory"), "store_unavailable"),
        (rex.ResponseError("TRYAGAIN Multiple keys request during rehashing"), "store_unavailable"),
        (
            rex.ConnectionError("Error 111 connecting to 127.0.0.1:1. Connection refused."),
            "store_unavailable",
        ),
        (rex.TimeoutError("Timeout reading from socket"), "store_unavailable"),
        (rex.ResponseError("WRONGTYPE Operation against a key"), None),  # our bug: a 500
        (ValueError("not redis"), None),
    ],
)
def test_refusals_have_stable_codes(error: Exception, code: str | None) -> None:
    assert refusal_code(error) == code


def test_a_write_without_an_answer_has_an_unknown_outcome() -> None:
    assert write_refusal_code(rex.TimeoutError("Timeout reading from socket")) == (
        "outcome_unknown"
    )
    assert write_refusal_code(rex.ConnectionError("Connection closed by server.")) == (
        "outcome_unknown"
    )
    refused = rex.ConnectionError("Error 111 connecting to 127.0.0.1:1. Connection refused.")
    assert write_refusal_code(refused) == "store_unavailable"  # nothing was sent
    assert write_refusal_code(rex.ResponseError(OOM_IN_SCRIPT)) == "store_full"
