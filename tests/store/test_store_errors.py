"""Every way redis-py reports a refusal maps to one stable code; a write that was sent and
not answered is `outcome_unknown`, one that never left is not."""

from __future__ import annotations

import pytest
import redis.exceptions as rex
from redis._parsers.base import BaseParser
from redis.client import Pipeline

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


REPLIES = {
    "NOREPLICAS Not enough good replicas to write.": "store_read_only",
    "READONLY You can't write against a read only replica.": "store_read_only",
    "OOM command not allowed when used memory > 'maxmemory'.": "store_full",
    "MISCONF Redis is configured to save RDB snapshots, but it's unable to persist": (
        "store_read_only"
    ),
    "LOADING Redis is loading the dataset in memory": "store_unavailable",
    "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.": (
        "store_unavailable"
    ),
    "CLUSTERDOWN The cluster is down": "store_unavailable",
    "TRYAGAIN Multiple keys request during rehashing of slot": "store_unavailable",
    "BUSY Redis is busy running a script.": "store_unavailable",
    "WRONGTYPE Operation against a key holding the wrong kind of value": None,
    "ERR unknown command 'NOPE'": None,
}


@pytest.mark.parametrize(("reply", "code"), REPLIES.items(), ids=[r.split()[0] for r in REPLIES])
def test_a_refusal_is_known_by_what_redis_said_however_it_is_wrapped(
    reply: str, code: str | None
) -> None:
    """Built as redis-py builds them from the reply (its parser strips the word of the
    replies it has a class for), alone, as a pipeline's or a transaction's command (which
    rewrites the message: "Command # 2 (EXPIRE …) of pipeline caused error: …"), inside
    a Redis 7 script (the reply keeps its word) and raised from another error."""
    alone = BaseParser.parse_error(reply)
    assert refusal_code(alone) == code
    in_pipeline = BaseParser.parse_error(reply)
    Pipeline.annotate_exception(None, in_pipeline, 2, ("EXPIRE", "t:rec:{READONLY}", 21600))  # type: ignore[arg-type]
    assert str(in_pipeline).startswith("Command # 2 (EXPIRE")
    assert refusal_code(in_pipeline) == code
    in_script = BaseParser.parse_error(f"{reply} script: f_0a1b, on @user_script:9.")
    assert refusal_code(in_script) == code
    try:
        raise RuntimeError("wrapped") from BaseParser.parse_error(reply)
    except RuntimeError as wrapped:
        assert refusal_code(wrapped) == code
    if code is not None:
        assert write_refusal_code(in_pipeline) == code  # answered: nothing was written


def test_a_write_lost_under_a_wrapper_is_still_of_unknown_outcome() -> None:
    try:
        raise RuntimeError("wrapped") from rex.TimeoutError("Timeout reading from socket")
    except RuntimeError as wrapped:
        assert write_refusal_code(wrapped) == "outcome_unknown"


def test_an_error_raised_while_handling_a_refusal_is_not_one() -> None:
    """A bug of ours in an error path stays a bug (a 500), not a refusal."""
    try:
        try:
            raise BaseParser.parse_error("READONLY You can't write against a read only replica.")
        except rex.ReadOnlyError:
            raise KeyError("oops")  # noqa: B904
    except KeyError as bug:
        assert refusal_code(bug) is None
