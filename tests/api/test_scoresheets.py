"""Score sheets over HTTP against a real Redis: the rule books' worked examples, the variants,
standings, corrections, versions and every error (with its status and code, changing
nothing)."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from cardtable.store import DocumentStore
from tests.support.app_under_test import app_under_test
from tests.support.limits import RAISED_LIMITS
from tests.support.scoresheet_cases import EXAMPLES, SheetCase, skipbo, skyjo

TTL = 600
FINISHED_TTL = 60
_prefixes = itertools.count()


@pytest.fixture
def sheet_settings(redis_server: RedisServer) -> Settings:
    return Settings(
        redis_url=redis_server.url,
        key_prefix=f"sheets-{next(_prefixes)}",
        game_ttl_seconds=TTL,
        finished_ttl_seconds=FINISHED_TTL,
        **RAISED_LIMITS,
    )


@pytest.fixture
def sheet_app(sheet_settings: Settings) -> Iterator[Flask]:
    with app_under_test(sheet_settings) as app:
        yield app


class Sheets:
    """What a score-keeping frontend does, over the test client."""

    def __init__(self, client: FlaskClient):
        self.client = client

    def create_raw(self, game: str, players: Any, options: Any = None) -> TestResponse:
        body: dict[str, Any] = {"game": game, "players": players}
        if options is not None:
            body["options"] = options
        return self.client.post("/scoresheets", json=body)

    def create(self, game: str, n: int = 3, **options: Any) -> dict[str, Any]:
        response = self.create_raw(game, [f"P{i}" for i in range(n)], options)
        assert response.status_code == 201, response.get_json()
        created: dict[str, Any] = response.get_json()
        assert response.headers["Location"] == f"/scoresheets/{created['id']}"
        return created

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}

    def add_raw(
        self, sheet: dict[str, Any], body: Any, token: str | None = "", **headers: str
    ) -> TestResponse:
        token = sheet["edit_token"] if token == "" else token
        return self.client.post(
            f"/scoresheets/{sheet['id']}/rounds", json=body, headers={**self.auth(token), **headers}
        )

    def add(self, sheet: dict[str, Any], body: Any) -> dict[str, Any]:
        response = self.add_raw(sheet, body)
        assert response.status_code == 201, response.get_json()
        assert response.headers["Location"] == f"/scoresheets/{sheet['id']}"
        answer: dict[str, Any] = response.get_json()
        return answer

    def replace_raw(
        self, sheet: dict[str, Any], body: Any, token: str | None = "", **headers: str
    ) -> TestResponse:
        token = sheet["edit_token"] if token == "" else token
        return self.client.put(
            f"/scoresheets/{sheet['id']}/rounds/last",
            json=body,
            headers={**self.auth(token), **headers},
        )

    def delete_raw(
        self, sheet: dict[str, Any], token: str | None = "", **headers: str
    ) -> TestResponse:
        token = sheet["edit_token"] if token == "" else token
        return self.client.delete(
            f"/scoresheets/{sheet['id']}/rounds/last", headers={**self.auth(token), **headers}
        )

    def get(self, sheet: dict[str, Any] | str) -> dict[str, Any]:
        sheet_id = sheet if isinstance(sheet, str) else sheet["id"]
        response = self.client.get(f"/scoresheets/{sheet_id}")
        assert response.status_code == 200, response.get_json()
        assert response.headers["ETag"] == f'"{response.get_json()["version"]}"'
        answer: dict[str, Any] = response.get_json()
        return answer


@pytest.fixture
def sheets(sheet_app: Flask) -> Sheets:
    return Sheets(sheet_app.test_client())


def assert_error(response: TestResponse, status: int, code: str) -> dict[str, Any]:
    body: dict[str, Any] = response.get_json()
    assert response.status_code == status, body
    assert body["code"] == code, body
    assert body["status"] == status
    assert body["message"]
    return body


# ---- creating and reading --------------------------------------------------------------


def test_create_answers_the_sheet_and_an_edit_token(sheets: Sheets) -> None:
    response = sheets.create_raw("skyjo", ["Ann", "Bob"], {"end_score": 150})
    assert response.status_code == 201
    assert response.headers["ETag"] == '"0"'
    created = response.get_json()
    assert created["edit_token"]
    assert created["game"] == "skyjo"
    assert created["version"] == 0
    assert created["options"] == {"end_score": 150, "max_rounds": None, "finisher_penalty": True}
    assert created["players"] == [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]
    assert created["rounds"] == []
    assert created["totals"] == [0, 0]
    assert created["finished"] is False
    assert created["winners"] == []
    assert created["lower_total_wins"] is True
    assert [s["rank"] for s in created["standings"]] == [1, 1]
    read = sheets.get(created["id"])
    assert "edit_token" not in read
    assert read == {k: v for k, v in created.items() if k != "edit_token"}


def test_anyone_reads_and_if_none_match_gives_304(sheets: Sheets) -> None:
    sheet = sheets.create("skyjo", 2)
    not_modified = sheets.client.get(
        f"/scoresheets/{sheet['id']}", headers={"If-None-Match": '"0"'}
    )
    assert not_modified.status_code == 304
    assert not_modified.headers["ETag"] == '"0"'
    sheets.add(sheet, skyjo([3, 4], 0))
    changed = sheets.client.get(f"/scoresheets/{sheet['id']}", headers={"If-None-Match": '"0"'})
    assert changed.status_code == 200
    assert changed.headers["ETag"] == '"1"'
    # A token is not needed to read, and a wrong one does not matter.
    assert (
        sheets.client.get(
            f"/scoresheets/{sheet['id']}", headers=Sheets.auth("whatever")
        ).status_code
        == 200
    )


# ---- the worked examples ---------------------------------------------------------------


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda case: case.name)
def test_rule_book_examples(sheets: Sheets, case: SheetCase) -> None:
    sheet = sheets.create(case.game, case.players, **case.options)
    for entry in case.rounds:
        answer = sheets.add(sheet, entry)
    case.check(answer)


# ---- variants ------------------------------------------------------------------------


def test_a_long_poll_is_woken_by_the_other_phones_round(sheet_app: Flask, sheets: Sheets) -> None:
    """`wait` with If-None-Match holds the answer until the sheet changes: the push hub
    wakes it on the other phone's round (no timer: the answer is the new sheet)."""
    sheet = sheets.create("skyjo", 2)
    answers: list[Any] = []
    path = f"/scoresheets/{sheet['id']}?wait=20"
    polling = threading.Thread(
        target=lambda: answers.append(
            sheet_app.test_client().get(path, headers={"If-None-Match": '"0"'})
        )
    )
    polling.start()
    hub = sheet_app.extensions["cardtable"].hub
    while hub.held == 0:  # the long-poll is waiting
        threading.Event().wait(0.01)
    sheets.add(sheet, skyjo([3, 4], 0))
    polling.join(20)
    assert answers and answers[0].status_code == 200
    assert answers[0].headers["ETag"] == '"1"' and len(answers[0].get_json()["rounds"]) == 1
    # Without a change, a short wait ends in 304.
    quiet = sheets.client.get(
        f"/scoresheets/{sheet['id']}?wait=0.2", headers={"If-None-Match": '"1"'}
    )
    assert quiet.status_code == 304


def test_skipbo_to_500(sheets: Sheets) -> None:
    sheet = sheets.create("skipbo", 3, target_score=500)
    plan = [
        (skipbo(0, [0, 20, 25]), [250, 0, 0]),
        (skipbo(None), [250, 0, 0]),
        (skipbo(1, [10, 0, 12]), [250, 135, 0]),
        (skipbo(0, [0, 22, 23]), [500, 135, 0]),
    ]
    for number, (entry, totals) in enumerate(plan, start=1):
        answer = sheets.add(sheet, entry)
        assert answer["totals"] == totals
        assert answer["finished"] is (number == len(plan))
    assert answer["winners"] == [0]
    assert answer["rounds"][1] == {
        "round": 2,
        "winner": None,
        "stocks_left": None,
        "scores": [0, 0, 0],
        "totals": [250, 0, 0],
    }
    assert_error(sheets.add_raw(sheet, skipbo(2, [1, 1, 0])), 409, "sheet_finished")


def test_skipbo_teams_credit_both_partners_who_both_win(sheets: Sheets) -> None:
    sheet = sheets.create("skipbo", 4, teams=True, target_score=100)
    answer = sheets.add(sheet, skipbo(2, [0, 4, 0, 6]))  # team (0, 2); opponents hold 10
    assert answer["totals"] == [75, 0, 75, 0]
    assert not answer["finished"]
    answer = sheets.add(sheet, skipbo(0, [0, 1, 0, 0]))  # seat 3 emptied alone: no win
    assert answer["totals"] == [105, 0, 105, 0]
    assert (answer["finished"], answer["winners"]) == (True, [0, 2])
    assert [(s["seat"], s["rank"]) for s in answer["standings"]] == [(0, 1), (2, 1), (1, 3), (3, 3)]


def test_standings_share_ranks(sheets: Sheets) -> None:
    sheet = sheets.create("skyjo", 5)
    answer = sheets.add(sheet, skyjo([4, 9, 4, -1, 9], 3))
    assert answer["standings"] == [
        {"seat": 3, "name": "P3", "total": -1, "rank": 1},
        {"seat": 0, "name": "P0", "total": 4, "rank": 2},
        {"seat": 2, "name": "P2", "total": 4, "rank": 2},
        {"seat": 1, "name": "P1", "total": 9, "rank": 4},
        {"seat": 4, "name": "P4", "total": 9, "rank": 4},
    ]


# ---- corrections ---------------------------------------------------------------------


def test_replace_and_delete_the_last_round(sheets: Sheets) -> None:
    sheet = sheets.create("skyjo", 2)
    sheets.add(sheet, skyjo([50, 10], 1))
    answer = sheets.add(sheet, skyjo([60, 10], 1))
    assert (answer["totals"], answer["finished"]) == ([110, 20], True)

    replaced = sheets.replace_raw(sheet, skyjo([6, 10], 0))
    assert replaced.status_code == 200, replaced.get_json()
    assert replaced.headers["ETag"] == '"3"'
    answer = replaced.get_json()
    assert (answer["totals"], answer["finished"], answer["version"]) == ([56, 20], False, 3)
    assert answer["rounds"][-1]["card_totals"] == [6, 10]

    deleted = sheets.delete_raw(sheet)
    assert deleted.status_code == 200, deleted.get_json()
    answer = deleted.get_json()
    assert (answer["totals"], len(answer["rounds"]), answer["version"]) == ([50, 10], 1, 4)
    assert sheets.get(sheet) == answer

    assert sheets.delete_raw(sheet).status_code == 200
    assert_error(sheets.delete_raw(sheet), 409, "no_rounds")
    assert_error(sheets.replace_raw(sheet, skyjo([1, 2], 0)), 409, "no_rounds")
    assert sheets.get(sheet)["version"] == 5


def test_a_finished_sheet_expires_like_a_finished_game(
    sheets: Sheets, raw_redis: redis.Redis, sheet_settings: Settings
) -> None:
    sheet = sheets.create("skipbo", 2)
    key = f"{sheet_settings.key_prefix}:sheet:{{{sheet['id']}}}"
    assert FINISHED_TTL < raw_redis.ttl(key) <= TTL
    sheets.add(sheet, skipbo(0, [0, 5]))
    assert 0 < raw_redis.ttl(key) <= FINISHED_TTL
    assert sheets.delete_raw(sheet).status_code == 200
    assert FINISHED_TTL < raw_redis.ttl(key) <= TTL


@pytest.fixture
def raw_redis(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_server.url)
    yield client
    client.close()


# ---- errors: each has its status and code, and changes nothing --------------------------


@pytest.mark.parametrize(
    ("game", "n", "options", "body", "status", "code", "field"),
    [
        ("skyjo", 3, {}, skyjo([1, 2], 0), 422, "invalid_round", None),
        ("skyjo", 3, {}, skyjo([1, 2, 3, 4], None), 422, "invalid_round", None),
        ("skyjo", 3, {}, skyjo([1, 2, 3], 5), 422, "invalid_seat", None),
        ("skyjo", 3, {}, skyjo([1, 2, 3], -1), 422, "invalid_seat", None),
        ("skyjo", 3, {}, skyjo([1, 2, 300], 0), 422, "invalid_round", None),
        (
            "skyjo",
            3,
            {},
            {**skyjo([1, 2, 3], 0), "stocks_left": [1, 0, 2]},
            422,
            "validation_error",
            "stocks_left",
        ),
        ("skyjo", 3, {}, {**skyjo([1, 2, 3], 0), "winner": 1}, 422, "validation_error", "winner"),
        ("skyjo", 3, {}, {"card_totals": [1, 2, 3]}, 422, "validation_error", "finisher"),
        (
            "skyjo",
            3,
            {},
            {**skyjo([1, 2, 3], 0), "colour": "red"},
            422,
            "validation_error",
            "colour",
        ),
        ("skyjo", 3, {}, skyjo([1, "2", 3], 0), 422, "validation_error", "card_totals"),
        ("skyjo", 3, {}, skyjo([1, 2.5, 3], 0), 422, "validation_error", "card_totals"),
        ("skyjo", 3, {}, skyjo([1, 2, 3], True), 422, "validation_error", "finisher"),
        ("skyjo", 3, {}, [1, 2, 3], 422, "validation_error", None),
        (
            "skipbo",
            3,
            {},
            {**skipbo(0, [0, 1, 2]), "finisher": 0},
            422,
            "validation_error",
            "finisher",
        ),
        (
            "skipbo",
            3,
            {},
            {**skipbo(0, [0, 1, 2]), "card_totals": [1, 2, 3]},
            422,
            "validation_error",
            "card_totals",
        ),
        ("skipbo", 3, {}, skipbo(0), 422, "validation_error", "stocks_left"),
        ("skipbo", 3, {}, {"stocks_left": [0, 1, 2]}, 422, "validation_error", "winner"),
        ("skipbo", 3, {}, skipbo(0, [0, 1]), 422, "invalid_round", None),
        ("skipbo", 3, {}, skipbo(3, [0, 1, 2]), 422, "invalid_seat", None),
        ("skipbo", 3, {}, skipbo(1, [0, 1, 2]), 422, "invalid_round", None),
        ("skipbo", 3, {}, skipbo(0, [0, 0, 2]), 422, "invalid_round", None),
        ("skipbo", 3, {}, skipbo(0, [0, 99, 2]), 422, "invalid_round", None),
        ("skipbo", 4, {"teams": True}, skipbo(1, [2, 0, 3, 1]), 422, "invalid_round", None),
    ],
)
def test_bad_rounds(
    sheets: Sheets,
    game: str,
    n: int,
    options: dict[str, Any],
    body: Any,
    status: int,
    code: str,
    field: str | None,
) -> None:
    sheet = sheets.create(game, n, **options)
    before = sheets.get(sheet)
    error = assert_error(sheets.add_raw(sheet, body), status, code)
    if field is not None:
        assert field in error["details"]["fields"]["json"], error
        assert field in error["message"]
    assert sheets.get(sheet) == before
    # A correction with the same body is refused the same way.
    first = {"skyjo": skyjo([0] * n, None), "skipbo": skipbo(None)}[game]
    sheets.add(sheet, first)
    before = sheets.get(sheet)
    assert_error(sheets.replace_raw(sheet, body), status, code)
    assert sheets.get(sheet) == before


def test_wrong_count_says_how_many(sheets: Sheets) -> None:
    sheet = sheets.create("skyjo", 4)
    error = assert_error(sheets.add_raw(sheet, skyjo([1, 2, 3], 0)), 422, "invalid_round")
    assert error["details"] == {"field": "card_totals", "expected": 4, "received": 3}


def test_adding_to_a_finished_sheet(sheets: Sheets) -> None:
    sheet = sheets.create("skyjo", 2, max_rounds=1)
    sheets.add(sheet, skyjo([5, 5], 0))
    before = sheets.get(sheet)
    error = assert_error(sheets.add_raw(sheet, skyjo([1, 1], None)), 409, "sheet_finished")
    assert "over" in error["message"]
    assert sheets.get(sheet) == before


def test_edits_need_the_sheets_edit_token(sheets: Sheets) -> None:
    sheet = sheets.create("skyjo", 2)
    other = sheets.create("skyjo", 2)
    sheets.add(sheet, skyjo([1, 2], 0))
    before = sheets.get(sheet)
    for token, code in (
        (None, "token_required"),
        ("nope", "invalid_token"),
        (other["edit_token"], "invalid_token"),
    ):
        assert_error(sheets.add_raw(sheet, skyjo([1, 2], 0), token), 401, code)
        assert_error(sheets.replace_raw(sheet, skyjo([1, 2], 0), token), 401, code)
        assert_error(sheets.delete_raw(sheet, token), 401, code)
    malformed = sheets.client.delete(
        f"/scoresheets/{sheet['id']}/rounds/last", headers={"Authorization": "Basic abc"}
    )
    assert_error(malformed, 401, "invalid_token")
    assert sheets.get(sheet) == before


def test_unknown_sheet_is_404(sheets: Sheets) -> None:
    ghost = {"id": "no-such-sheet", "edit_token": "x"}
    assert_error(sheets.client.get("/scoresheets/no-such-sheet"), 404, "not_found")
    assert_error(
        sheets.client.get("/scoresheets/no-such-sheet", headers={"If-None-Match": '"0"'}),
        404,
        "not_found",
    )
    assert_error(sheets.add_raw(ghost, skyjo([1, 2], 0)), 404, "not_found")
    assert_error(sheets.replace_raw(ghost, skyjo([1, 2], 0)), 404, "not_found")
    assert_error(sheets.delete_raw(ghost), 404, "not_found")


def test_if_match(sheets: Sheets) -> None:
    sheet = sheets.create("skyjo", 2)
    assert sheets.add_raw(sheet, skyjo([1, 2], 0), **{"If-Match": '"0"'}).status_code == 201
    before = sheets.get(sheet)
    error = assert_error(
        sheets.add_raw(sheet, skyjo([1, 2], 0), **{"If-Match": '"0"'}), 412, "stale_version"
    )
    assert error["details"] == {"current_version": 1}
    assert_error(
        sheets.replace_raw(sheet, skyjo([1, 2], 0), **{"If-Match": '"0"'}), 412, "stale_version"
    )
    assert_error(sheets.delete_raw(sheet, **{"If-Match": '"0"'}), 412, "stale_version")
    assert_error(sheets.delete_raw(sheet, **{"If-Match": "yesterday"}), 400, "invalid_header")
    assert sheets.get(sheet) == before
    assert sheets.delete_raw(sheet, **{"If-Match": '"1"'}).status_code == 200


def test_concurrent_edits_one_wins_the_other_gets_409(
    sheets: Sheets, sheet_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = sheets.create("skyjo", 2)
    store: DocumentStore = sheet_app.extensions["cardtable"].sheets.store
    real_load = store.load

    def load_then_let_another_edit_in(doc_id: str) -> Any:
        snapshot = real_load(doc_id)
        monkeypatch.setattr(store, "load", real_load)
        assert sheets.add_raw(sheet, skyjo([1, 1], None)).status_code == 201
        return snapshot

    monkeypatch.setattr(store, "load", load_then_let_another_edit_in)
    error = assert_error(sheets.add_raw(sheet, skyjo([9, 9], None)), 409, "version_conflict")
    assert error["details"] == {"current_version": 1}
    assert [r["card_totals"] for r in sheets.get(sheet)["rounds"]] == [[1, 1]]


@pytest.mark.parametrize(
    ("game", "players", "options", "status", "code"),
    [
        ("poker", ["A", "B"], None, 422, "validation_error"),
        ("skyjo", ["A"], None, 422, "validation_error"),
        ("skyjo", ["A", ""], None, 422, "validation_error"),
        ("skyjo", ["A", "   "], None, 422, "invalid_players"),
        ("skyjo", [{"name": "A"}, {"name": "B"}], None, 422, "validation_error"),
        ("skipbo", list("ABCDEFG"), None, 422, "invalid_players"),
        ("skyjo", ["A", "B"], {"end_score": 0}, 422, "invalid_options"),
        ("skyjo", ["A", "B"], {"end_score": "100"}, 422, "invalid_options"),
        ("skyjo", ["A", "B"], {"initial_reveals": 2}, 422, "invalid_options"),
        ("skyjo", ["A", "B"], {"teams": True}, 422, "invalid_options"),
        ("skipbo", ["A", "B"], {"end_score": 50}, 422, "invalid_options"),
        ("skipbo", ["A", "B"], {"stock_size": 10}, 422, "invalid_options"),
        ("skipbo", ["A", "B", "C"], {"teams": True}, 422, "invalid_options"),
        ("skipbo", ["A", "B"], {"target_score": -5}, 422, "invalid_options"),
    ],
)
def test_bad_sheets_are_refused(
    sheets: Sheets, game: str, players: Any, options: Any, status: int, code: str
) -> None:
    assert_error(sheets.create_raw(game, players, options), status, code)


def test_bodies_must_be_json(sheets: Sheets) -> None:
    response = sheets.client.post("/scoresheets", data="game=skyjo")
    assert_error(response, 415, "unsupported_media_type")


def test_the_openapi_document_names_every_operation(sheets: Sheets) -> None:
    spec = sheets.client.get("/openapi.json").get_json()
    operations = {
        (path, method): operation["operationId"]
        for path, item in spec["paths"].items()
        if path.startswith("/scoresheets")
        for method, operation in item.items()
        if isinstance(operation, dict) and "operationId" in operation
    }
    assert operations == {
        ("/scoresheets", "post"): "create_scoresheet",
        ("/scoresheets/{sheet_id}", "get"): "get_scoresheet",
        ("/scoresheets/{sheet_id}/rounds", "post"): "add_scoresheet_round",
        ("/scoresheets/{sheet_id}/rounds/last", "put"): "replace_last_scoresheet_round",
        ("/scoresheets/{sheet_id}/rounds/last", "delete"): "delete_last_scoresheet_round",
    }
    tags = {
        tuple(operation["tags"])
        for path, item in spec["paths"].items()
        if path.startswith("/scoresheets")
        for operation in item.values()
        if isinstance(operation, dict) and "tags" in operation
    }
    assert tags == {("scoresheets",)}


_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-40, 160),
    st.text(max_size=3),
    st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.one_of(st.integers(-40, 160), st.none(), st.text(max_size=2)), max_size=5),
)
_bodies = st.one_of(
    st.dictionaries(
        st.sampled_from(["card_totals", "finisher", "winner", "stocks_left", "extra"]),
        _values,
        max_size=4,
    ),
    st.lists(st.integers(), max_size=3),
    st.integers(),
)


def _plausible(game: str, n: int) -> st.SearchStrategy[dict[str, Any]]:
    """Bodies of the right shape with numbers near and beyond the limits."""
    seat = st.one_of(st.none(), st.integers(0, n - 1), st.sampled_from([-1, n]))
    if game == "skyjo":
        card = st.one_of(st.integers(-24, 144), st.sampled_from([-25, 145]))
        totals = st.one_of(
            st.lists(card, min_size=n, max_size=n), st.lists(card, min_size=n - 1, max_size=n + 1)
        )
        return st.fixed_dictionaries({"card_totals": totals, "finisher": seat})
    stock = st.integers(-1, 3)
    stocks = st.one_of(
        st.lists(stock, min_size=n, max_size=n), st.lists(stock, min_size=n - 1, max_size=n + 1)
    )
    return st.fixed_dictionaries({"winner": seat, "stocks_left": stocks})


def _expected_scores(game: str, body: dict[str, Any]) -> list[int]:
    """An independent statement of the rules for the checks below (4-player teams)."""
    if game == "skyjo":
        totals, finisher = list(body["card_totals"]), body["finisher"]
        if finisher is not None:
            own = totals[finisher]
            others = [t for seat, t in enumerate(totals) if seat != finisher]
            if own > 0 and min(others) <= own:
                totals[finisher] = 2 * own
        return totals
    winner, stocks = body["winner"], body.get("stocks_left")
    scores = [0, 0, 0, 0]
    if winner is not None:
        team = {winner % 2, winner % 2 + 2}
        for seat in team:
            scores[seat] = 25 + 5 * sum(c for s, c in enumerate(stocks) if s not in team)
    return scores


@pytest.mark.parametrize(
    ("game", "n", "options"), [("skyjo", 3, {}), ("skipbo", 4, {"teams": True})]
)
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_round_body_is_counted_or_refused_cleanly(
    sheets: Sheets, game: str, n: int, options: dict[str, Any], data: st.DataObject
) -> None:
    body = data.draw(st.one_of(_bodies, _plausible(game, n)))
    sheet = sheets.create(game, n, **options)
    before = sheets.get(sheet)
    response = sheets.add_raw(sheet, body)
    answer = response.get_json()
    if response.status_code == 201:
        assert answer["version"] == 1
        assert answer["totals"] == answer["rounds"][0]["scores"] == _expected_scores(game, body)
        event("counted")
    else:
        assert response.status_code == 422, answer
        assert set(answer) >= {"code", "message", "status"}
        assert sheets.get(sheet) == before
        event(answer["code"])
