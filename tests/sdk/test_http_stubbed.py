"""The SDK's HTTP layer against a stub transport, for answers a healthy server never gives
(a proxy's HTML 502, a lost connection, a write race) and for the exact headers sent."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from cardtable_sdk import (
    Cardtable,
    CardtableError,
    ConnectionFailed,
    MalformedMove,
    RequestTimeout,
    ServiceUnavailable,
    StaleVersion,
    ValidationError,
    VersionConflict,
)
from cardtable_sdk import errors as sdk_errors
from cardtable_sdk.errors import error_for, error_from_response
from cardtable_sdk.local import LocalGame

GAME_ID = "g1"


def view_body(version: int, seat: int = 0) -> dict[str, Any]:
    """A real Skyjo view (from the engine, as the server adds to it) at `version`."""
    body = dict(LocalGame("skyjo", ["A", "B"], seed=1).view(seat))
    body.update(id=GAME_ID, version=version, rated=False)
    return body


def stub_table(handler: Callable[[httpx.Request], httpx.Response]) -> Cardtable:
    return Cardtable(
        "http://cardtable.test", httpx_args={"transport": httpx.MockTransport(handler)}
    )


def error(status: int, code: str, **details: Any) -> httpx.Response:
    body = {"code": code, "message": f"{code} happened", "status": status}
    if details:
        body["details"] = details
    return httpx.Response(status, json=body)


@pytest.mark.parametrize(
    ("status", "code", "expected"),
    [
        (400, "invalid_json", sdk_errors.BadRequest),
        (401, "invalid_token", sdk_errors.InvalidToken),
        (401, "token_required", sdk_errors.TokenRequired),
        (404, "not_found", sdk_errors.GameNotFound),
        (409, "not_your_turn", sdk_errors.NotYourTurn),
        (409, "game_over", sdk_errors.GameOver),
        (409, "version_conflict", sdk_errors.VersionConflict),
        (409, "game_not_over", sdk_errors.GameNotOver),
        (409, "bot_seat", sdk_errors.BotSeat),
        (409, "sheet_finished", sdk_errors.SheetFinished),
        (409, "no_rounds", sdk_errors.NoRounds),
        (409, "too_many_rounds", sdk_errors.TooManyRounds),
        (412, "stale_version", sdk_errors.StaleVersion),
        (413, "payload_too_large", sdk_errors.InvalidRequest),
        (415, "unsupported_media_type", sdk_errors.InvalidRequest),
        (422, "illegal_move", sdk_errors.IllegalMove),
        (422, "malformed_move", sdk_errors.MalformedMove),
        (422, "wrong_phase", sdk_errors.WrongPhase),
        (422, "invalid_seat", sdk_errors.InvalidSeat),
        (422, "validation_error", sdk_errors.ValidationError),
        (422, "invalid_options", sdk_errors.InvalidOptions),
        (422, "invalid_players", sdk_errors.InvalidPlayers),
        (422, "invalid_round", sdk_errors.InvalidRound),
        (422, "unknown_game", sdk_errors.UnknownGame),
        (500, "internal_error", sdk_errors.ServerError),
        (503, "store_unavailable", sdk_errors.ServiceUnavailable),
        (503, "outcome_unknown", sdk_errors.OutcomeUnknown),
        (429, "rate_limited", sdk_errors.RateLimited),
        (409, "game_not_started", sdk_errors.GameNotStarted),
        (409, "no_open_seat", sdk_errors.NoOpenSeat),
        (403, "invalid_invite", sdk_errors.InvalidInvite),
        (422, "idempotency_key_reused", sdk_errors.IdempotencyKeyReused),
        (503, "store_full", sdk_errors.ServiceUnavailable),
        (503, "store_read_only", sdk_errors.ServiceUnavailable),
        (503, "too_many_waiting", sdk_errors.ServiceUnavailable),
        # Unknown codes fall back on the status.
        (403, "something_new", sdk_errors.AuthenticationError),
        (429, "something_new", sdk_errors.RateLimited),
        (409, "something_new", CardtableError),
        (422, "something_new", sdk_errors.InvalidRequest),
        (502, "something_new", sdk_errors.ServiceUnavailable),
        (599, "something_new", sdk_errors.ServerError),
    ],
)
def test_each_error_code_has_its_class(status: int, code: str, expected: type) -> None:
    raised = error_from_response(error(status, code, current_version=4))
    assert type(raised) is expected
    assert (raised.code, raised.status, raised.message) == (code, status, f"{code} happened")
    assert raised.details == {"current_version": 4}
    assert f"[{status} {code}]" in str(raised)


def test_every_code_in_the_table_gives_its_class_with_its_own_code_and_status() -> None:
    for code, cls in sdk_errors._BY_CODE.items():
        raised = error_for(code, "m")
        assert type(raised) is cls and raised.status == cls.default_status
        assert (raised.code, raised.message) == (code, "m")


def test_limits_and_unknown_outcomes_are_transient_with_retry_after() -> None:
    for status, code in ((429, "rate_limited"), (503, "outcome_unknown")):
        answer = error(status, code)
        answer.headers["Retry-After"] = "4"
        raised = error_from_response(answer)
        assert isinstance(raised, sdk_errors.TransientError) and raised.retry_after == 4.0
    assert issubclass(sdk_errors.OutcomeUnknown, ServiceUnavailable)
    assert issubclass(sdk_errors.GameNotStarted, sdk_errors.MoveRefused)


def test_a_non_json_error_body_still_gives_the_status_class() -> None:
    html = httpx.Response(502, text="<html>Bad Gateway</html>", headers={"Retry-After": "3"})
    raised = error_from_response(html)
    assert isinstance(raised, ServiceUnavailable)
    assert (raised.code, raised.status, raised.retry_after) == ("http_502", 502, 3.0)
    assert "Bad Gateway" in raised.message
    empty = error_from_response(httpx.Response(404))
    assert isinstance(empty, sdk_errors.GameNotFound)
    assert empty.message == "Not Found"


def test_retry_after_is_read_from_503_answers() -> None:
    answer = httpx.Response(
        503,
        json={"code": "store_unavailable", "message": "down", "status": 503},
        headers={"Retry-After": "2"},
    )
    raised = error_from_response(answer)
    assert isinstance(raised, ServiceUnavailable) and raised.retry_after == 2.0
    dated = httpx.Response(503, headers={"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"})
    assert error_from_response(dated).retry_after is None  # type: ignore[attr-defined]


def test_local_errors_take_the_status_the_server_would_send() -> None:
    assert error_for("illegal_move", "no").status == 422
    assert error_for("not_your_turn", "no").status == 409
    assert error_for("game_not_over", "no").status == 409


def test_moves_send_if_match_of_the_last_view_and_reread_on_a_write_race() -> None:
    seen: list[httpx.Request] = []
    versions = iter([7, 9])  # the first read, then the re-read after the conflict

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.method == "GET":
            return httpx.Response(200, json=view_body(next(versions)))
        return error(409, "version_conflict", current_version=9)

    with stub_table(handler) as table:
        seat = table.seat(GAME_ID, "secret")
        assert seat.view().version == 7
        with pytest.raises(VersionConflict) as raised:
            seat.move({"type": "draw"})
    move_request = seen[1]
    assert move_request.headers["If-Match"] == '"7"'
    assert move_request.headers["Authorization"] == "Bearer secret"
    assert json.loads(move_request.content) == {"move": {"type": "draw"}}
    # Nothing was resent: one POST, then one GET to refresh the view.
    assert [r.method for r in seen] == ["GET", "POST", "GET"]
    assert raised.value.view.version == 9 and raised.value.current_version == 9
    assert seat.version == 9


def test_a_move_is_sent_exactly_as_given_and_schema_refusals_are_malformed_moves() -> None:
    bodies: list[Any] = []

    def handler(request: httpx.Request) -> httpx.Response:
        bodies.append(json.loads(request.content))
        return error(422, "validation_error", fields={"json": {"move": {"rows": ["Unknown"]}}})

    with stub_table(handler) as table:
        seat = table.seat(GAME_ID, "secret")
        with pytest.raises(MalformedMove) as raised:
            seat.move({"type": "replace", "rows": 1, "col": 2})
    assert bodies == [{"move": {"type": "replace", "rows": 1, "col": 2}}]
    assert raised.value.code == "validation_error"
    assert "fields" in raised.value.details
    assert isinstance(raised.value.__cause__, ValidationError)


def test_long_polls_send_if_none_match_and_wait_and_return_none_on_304() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if "If-None-Match" in request.headers:
            return httpx.Response(304, headers={"ETag": '"3"'})
        return httpx.Response(200, json=view_body(3), headers={"ETag": '"3"'})

    with stub_table(handler) as table:
        seat = table.seat(GAME_ID, "secret")
        assert seat.wait_for_change(5) is not None  # no view yet: a plain read
        assert seat.wait_for_change(5) is None
    assert seen[1].headers["If-None-Match"] == '"3"'
    assert seen[1].url.params["wait"] == "5"
    assert "If-None-Match" not in seen[0].headers


def test_transport_failures_become_transient_errors() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    def stall(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    with stub_table(refuse) as table, pytest.raises(ConnectionFailed):
        table.game_types()
    with stub_table(stall) as table, pytest.raises(RequestTimeout):
        table.seat(GAME_ID, "secret").view()


def test_a_stale_if_match_is_a_stale_version_with_the_fresh_view() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.method == "GET":
            return httpx.Response(200, json=view_body(5))
        return error(412, "stale_version", current_version=5)

    with stub_table(handler) as table, pytest.raises(StaleVersion) as raised:
        table.seat(GAME_ID, "secret").move({"type": "draw"}, version=4)
    assert raised.value.view.version == 5


def test_create_game_refuses_fields_the_api_does_not_define_before_sending() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise AssertionError("nothing should be sent")

    with stub_table(handler) as table:
        with pytest.raises(ValidationError, match="does not define"):
            table.create_game("skyjo", [{"name": "A", "bott": "greedy"}, "B"])
        with pytest.raises(ValidationError, match="chess"):
            table.create_game("chess", ["A", "B"])
        with pytest.raises(TypeError, match="sed"):
            table.create_game("skyjo", ["A", "B"], sed=7)  # type: ignore[call-arg]


def test_an_answer_that_breaks_the_schema_is_a_server_error() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"game": "skyjo", "version": 1})

    with stub_table(handler) as table, pytest.raises(sdk_errors.ServerError, match="schema"):
        table.seat(GAME_ID, "secret").view()
