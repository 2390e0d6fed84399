"""The score-sheet service over a real Redis, without HTTP: the rule books' worked examples,
the variants, standings, corrections, every refusal (which must change nothing), expiry and
compare-and-set between concurrent edits."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from cardtable.server.redis_server import RedisServer
from cardtable.sheets import service as scoresheets
from cardtable.sheets.service import (
    InvalidRound,
    NoRounds,
    RoundFieldError,
    ScoreSheetService,
    Sheet,
    SheetFinished,
    TooManyRounds,
    UnknownSeat,
)
from cardtable.store import DocumentStore, NotFound, VersionConflict
from cardtable.store import compression as codec
from cardtable_engine.base import InvalidOptions, InvalidPlayers
from cardtable_engine.host import InvalidToken, StaleVersion, TokenRequired
from cardtable_engine.registry import UnknownGame, hosted
from tests.support.highcard import RULES as HIGHCARD
from tests.support.scoresheet_cases import EXAMPLES, SheetCase, skipbo, skyjo

TTL = 600
FINISHED_TTL = 60
_prefixes = itertools.count()


@pytest.fixture
def raw(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_server.url)
    yield client
    client.close()


@pytest.fixture
def store(raw: redis.Redis) -> DocumentStore:
    return DocumentStore(
        raw,
        "sheet",
        prefix=f"sheet-svc-{next(_prefixes)}",
        ttl_seconds=TTL,
        finished_ttl_seconds=FINISHED_TTL,
    )


@pytest.fixture
def service(store: DocumentStore) -> ScoreSheetService:
    return ScoreSheetService(store)


def new_sheet(
    service: ScoreSheetService, game: str, n: int = 3, **options: Any
) -> tuple[Sheet, str]:
    return service.create(game, [f"P{i}" for i in range(n)], options)


# ---- the worked examples ---------------------------------------------------------------


def test_skyjo_no_finisher_means_no_doubling(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skyjo")
    sheet = service.add_round(sheet.sheet_id, token, skyjo([12, 8, 12], None))
    assert sheet.to_public()["totals"] == [12, 8, 12]


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda case: case.name)
def test_rule_book_examples(service: ScoreSheetService, case: SheetCase) -> None:
    sheet, token = new_sheet(service, case.game, case.players, **case.options)
    for entry in case.rounds:
        sheet = service.add_round(sheet.sheet_id, token, entry)
    public = sheet.to_public()
    case.check(public)


# ---- variants ------------------------------------------------------------------------


def test_skipbo_to_500_over_several_rounds(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skipbo", 2, target_score=500)
    entries = [
        skipbo(0, [0, 30]),  # 175
        skipbo(1, [20, 0]),  # 125
        skipbo(None, None),  # drawn: nobody scores, the match goes on
        skipbo(0, [0, 30]),  # 350
        skipbo(0, [0, 25]),  # 500: reaches the target
    ]
    for entry in entries[:-1]:
        sheet = service.add_round(sheet.sheet_id, token, entry)
        assert not sheet.finished
    sheet = service.add_round(sheet.sheet_id, token, entries[-1])
    public = sheet.to_public()
    assert [r["scores"] for r in public["rounds"]] == [
        [175, 0],
        [0, 125],
        [0, 0],
        [175, 0],
        [150, 0],
    ]
    assert [r["totals"] for r in public["rounds"]] == [
        [175, 0],
        [175, 125],
        [175, 125],
        [350, 125],
        [500, 125],
    ]
    assert public["rounds"][2] == {
        "round": 3,
        "winner": None,
        "stocks_left": None,
        "scores": [0, 0],
        "totals": [175, 125],
    }
    assert (public["finished"], public["winners"]) == (True, [0])
    assert public["standings"] == [
        {"seat": 0, "name": "P0", "total": 500, "rank": 1},
        {"seat": 1, "name": "P1", "total": 125, "rank": 2},
    ]
    assert public["lower_total_wins"] is False


def test_skipbo_teams_credit_both_partners_and_both_win(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skipbo", 4, teams=True)
    # Seat 1 played the last stock card; partner 3 had emptied theirs; 3 + 5 left opposite.
    sheet = service.add_round(sheet.sheet_id, token, skipbo(1, [3, 0, 5, 0]))
    public = sheet.to_public()
    assert public["totals"] == [0, 65, 0, 65]
    assert (public["finished"], public["winners"]) == (True, [1, 3])
    assert [(s["seat"], s["rank"]) for s in public["standings"]] == [(1, 1), (3, 1), (0, 3), (2, 3)]


def test_skipbo_six_player_teams_to_a_target(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skipbo", 6, teams=True, target_score=100)
    # Partners: (0, 3), (1, 4), (2, 5). Seat 4 wins; opponents 0, 2, 3, 5 hold 2+1+3+4.
    sheet = service.add_round(sheet.sheet_id, token, skipbo(4, [2, 0, 1, 3, 0, 4]))
    assert sheet.to_public()["totals"] == [0, 75, 0, 0, 75, 0]
    assert not sheet.finished
    sheet = service.add_round(sheet.sheet_id, token, skipbo(2, [1, 1, 0, 1, 1, 0]))
    assert sheet.to_public()["totals"] == [0, 75, 45, 0, 75, 45]
    sheet = service.add_round(sheet.sheet_id, token, skipbo(1, [1, 0, 1, 0, 0, 2]))
    public = sheet.to_public()
    assert public["totals"] == [0, 75 + 45, 45, 0, 75 + 45, 45]
    assert (public["finished"], public["winners"]) == (True, [1, 4])


def test_skipbo_drawn_single_round_has_no_winner(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skipbo", 3)
    sheet = service.add_round(sheet.sheet_id, token, skipbo(None, [4, 9, 1]))
    public = sheet.to_public()
    assert public["rounds"][0]["scores"] == [0, 0, 0]
    assert (public["finished"], public["winners"]) == (True, [])
    assert {s["rank"] for s in public["standings"]} == {1}


def test_skyjo_standings_share_ranks_on_ties(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skyjo", 4)
    sheet = service.add_round(sheet.sheet_id, token, skyjo([10, 5, 10, 3], 3))
    public = sheet.to_public()
    assert public["standings"] == [
        {"seat": 3, "name": "P3", "total": 3, "rank": 1},
        {"seat": 1, "name": "P1", "total": 5, "rank": 2},
        {"seat": 0, "name": "P0", "total": 10, "rank": 3},
        {"seat": 2, "name": "P2", "total": 10, "rank": 3},
    ]
    assert public["lower_total_wins"] is True
    assert (public["finished"], public["winners"]) == (False, [])


# ---- corrections ---------------------------------------------------------------------


def test_replace_last_round(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skyjo", 2)
    service.add_round(sheet.sheet_id, token, skyjo([5, 6], 0))
    sheet = service.add_round(sheet.sheet_id, token, skyjo([7, 8], 1))
    assert sheet.version == 2
    sheet = service.replace_last_round(sheet.sheet_id, token, skyjo([9, 3], 1))
    assert sheet.version == 3
    loaded = service.load(sheet.sheet_id).to_public()
    assert [r["card_totals"] for r in loaded["rounds"]] == [[5, 6], [9, 3]]
    assert loaded["totals"] == [14, 9]


def test_delete_last_round_reopens_a_finished_game(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skyjo", 2)
    service.add_round(sheet.sheet_id, token, skyjo([90, 10], 1))
    sheet = service.add_round(sheet.sheet_id, token, skyjo([20, 10], 1))
    assert sheet.finished
    sheet = service.delete_last_round(sheet.sheet_id, token)
    public = service.load(sheet.sheet_id).to_public()
    assert (public["version"], public["totals"], public["finished"]) == (3, [90, 10], False)
    sheet = service.add_round(sheet.sheet_id, token, skyjo([2, 3], 0))
    assert sheet.to_public()["totals"] == [92, 13]


def test_replacing_the_last_round_of_a_finished_game_can_reopen_it(
    service: ScoreSheetService,
) -> None:
    sheet, token = new_sheet(service, "skyjo", 2)
    sheet = service.add_round(sheet.sheet_id, token, skyjo([120, 10], 1))
    assert sheet.finished
    sheet = service.replace_last_round(sheet.sheet_id, token, skyjo([12, 10], 1))
    assert not service.load(sheet.sheet_id).finished


def test_corrections_need_a_round(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skipbo", 2)
    with pytest.raises(NoRounds):
        service.replace_last_round(sheet.sheet_id, token, skipbo(0, [0, 3]))
    with pytest.raises(NoRounds):
        service.delete_last_round(sheet.sheet_id, token)
    assert service.load(sheet.sheet_id).version == 0


# ---- refusals change nothing -------------------------------------------------------------


def stored(store: DocumentStore, sheet_id: str) -> tuple[int, dict[str, Any]]:
    loaded = store.load(sheet_id)
    return loaded.version, loaded.document


@pytest.mark.parametrize(
    ("game", "n", "options", "entry", "error", "fields"),
    [
        ("skyjo", 3, {}, skyjo([1, 2], 0), InvalidRound, None),
        ("skyjo", 3, {}, skyjo([1, 2, 3, 4], 0), InvalidRound, None),
        ("skyjo", 3, {}, skyjo([1, 2, 3], 3), UnknownSeat, None),
        ("skyjo", 3, {}, skyjo([1, 2, 3], -1), UnknownSeat, None),
        ("skyjo", 3, {}, skyjo([1, 200, 3], 0), InvalidRound, None),
        ("skyjo", 3, {}, skyjo([1, -25, 3], 0), InvalidRound, None),
        ("skyjo", 3, {}, {"card_totals": [1, 2, 3]}, RoundFieldError, {"finisher"}),
        ("skyjo", 3, {}, {"finisher": 0}, RoundFieldError, {"card_totals"}),
        (
            "skyjo",
            3,
            {},
            {**skyjo([1, 2, 3], 0), "stocks_left": [1, 2, 3]},
            RoundFieldError,
            {"stocks_left"},
        ),
        ("skyjo", 3, {}, {**skyjo([1, 2, 3], 0), "winner": 0}, RoundFieldError, {"winner"}),
        ("skyjo", 3, {}, skyjo([1, True, 3], 0), RoundFieldError, {"card_totals"}),
        ("skyjo", 3, {}, skyjo([1, 2.5, 3], 0), RoundFieldError, {"card_totals"}),
        ("skyjo", 3, {}, skyjo([1, 2, 3], "0"), RoundFieldError, {"finisher"}),
        ("skyjo", 3, {}, {"card_totals": "1,2,3", "finisher": 0}, RoundFieldError, {"card_totals"}),
        ("skipbo", 3, {}, skipbo(0, [0, 1]), InvalidRound, None),
        ("skipbo", 3, {}, skipbo(3, [1, 1, 0]), UnknownSeat, None),
        ("skipbo", 3, {}, skipbo(0, [2, 1, 3]), InvalidRound, None),  # the winner has cards
        ("skipbo", 3, {}, skipbo(0, [0, 0, 3]), InvalidRound, None),  # seat 1 emptied too
        ("skipbo", 3, {}, skipbo(None, [4, 0, 3]), InvalidRound, None),  # drawn, yet emptied
        ("skipbo", 3, {}, skipbo(0, [0, 31, 3]), InvalidRound, None),
        ("skipbo", 3, {}, skipbo(0, [0, -1, 3]), InvalidRound, None),
        ("skipbo", 3, {}, {"winner": 0}, RoundFieldError, {"stocks_left"}),
        ("skipbo", 3, {}, {"stocks_left": [0, 1, 1]}, RoundFieldError, {"winner"}),
        ("skipbo", 3, {}, {**skipbo(0, [0, 1, 1]), "finisher": 0}, RoundFieldError, {"finisher"}),
        (
            "skipbo",
            3,
            {},
            {**skipbo(0, [0, 1, 1]), "card_totals": [1, 2, 3]},
            RoundFieldError,
            {"card_totals"},
        ),
        ("skipbo", 4, {"teams": True}, skipbo(0, [0, 1, 2, 3]), InvalidRound, None),  # partner
        ("skipbo", 4, {"teams": True}, skipbo(0, [0, 0, 0, 0]), InvalidRound, None),  # 1 and 3
        ("skipbo", 4, {"teams": True}, skipbo(None, [0, 2, 0, 3]), InvalidRound, None),
    ],
)
def test_bad_rounds_are_refused_and_change_nothing(
    service: ScoreSheetService,
    store: DocumentStore,
    game: str,
    n: int,
    options: dict[str, Any],
    entry: dict[str, Any],
    error: type[Exception],
    fields: set[str] | None,
) -> None:
    sheet, token = new_sheet(service, game, n, **options)
    before = stored(store, sheet.sheet_id)
    with pytest.raises(error) as refused:
        service.add_round(sheet.sheet_id, token, entry)
    assert stored(store, sheet.sheet_id) == before
    if fields is not None:
        assert set(refused.value.details["fields"]["json"]) == fields  # type: ignore[attr-defined]


def test_wrong_count_names_the_numbers(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skyjo", 3)
    with pytest.raises(InvalidRound) as refused:
        service.add_round(sheet.sheet_id, token, skyjo([1, 2], 0))
    assert refused.value.details == {"field": "card_totals", "expected": 3, "received": 2}
    assert "3 numbers" in refused.value.message


def test_teams_drawn_round_may_have_one_empty_stock(service: ScoreSheetService) -> None:
    sheet, token = new_sheet(service, "skipbo", 4, teams=True, target_score=200)
    sheet = service.add_round(sheet.sheet_id, token, skipbo(None, [0, 2, 5, 3]))
    assert sheet.to_public()["totals"] == [0, 0, 0, 0]


def test_a_finished_sheet_takes_no_round(service: ScoreSheetService, store: DocumentStore) -> None:
    sheet, token = new_sheet(service, "skipbo", 2)
    service.add_round(sheet.sheet_id, token, skipbo(1, [4, 0]))
    before = stored(store, sheet.sheet_id)
    with pytest.raises(SheetFinished):
        service.add_round(sheet.sheet_id, token, skipbo(0, [0, 4]))
    assert stored(store, sheet.sheet_id) == before


def test_edits_need_the_edit_token(service: ScoreSheetService, store: DocumentStore) -> None:
    sheet, token = new_sheet(service, "skyjo", 2)
    _other, other_token = new_sheet(service, "skyjo", 2)
    service.add_round(sheet.sheet_id, token, skyjo([1, 2], 0))
    before = stored(store, sheet.sheet_id)
    for bad, error in ((None, TokenRequired), ("nope", InvalidToken), (other_token, InvalidToken)):
        with pytest.raises(error):
            service.add_round(sheet.sheet_id, bad, skyjo([1, 2], 0))
        with pytest.raises(error):
            service.replace_last_round(sheet.sheet_id, bad, skyjo([1, 2], 0))
        with pytest.raises(error):
            service.delete_last_round(sheet.sheet_id, bad)
    assert stored(store, sheet.sheet_id) == before


def test_the_token_is_checked_before_the_body(service: ScoreSheetService) -> None:
    sheet, _token = new_sheet(service, "skyjo", 2)
    with pytest.raises(InvalidToken):
        service.add_round(sheet.sheet_id, "nope", {"garbage": True})


def test_if_match_must_name_the_current_version(
    service: ScoreSheetService, store: DocumentStore
) -> None:
    sheet, token = new_sheet(service, "skyjo", 2)
    service.add_round(sheet.sheet_id, token, skyjo([1, 2], 0), if_match=0)
    before = stored(store, sheet.sheet_id)
    with pytest.raises(StaleVersion) as stale:
        service.add_round(sheet.sheet_id, token, skyjo([1, 2], 0), if_match=0)
    assert stale.value.details == {"current_version": 1}
    with pytest.raises(StaleVersion):
        service.delete_last_round(sheet.sheet_id, token, if_match=0)
    assert stored(store, sheet.sheet_id) == before
    assert service.delete_last_round(sheet.sheet_id, token, if_match=1).version == 2


def test_unknown_sheet(service: ScoreSheetService) -> None:
    with pytest.raises(NotFound):
        service.load("nope")
    with pytest.raises(NotFound):
        service.add_round("nope", "token", skyjo([1, 2], 0))


# ---- creation ----------------------------------------------------------------------------


def test_create_keeps_only_scoring_options_and_the_token_hash(
    service: ScoreSheetService, store: DocumentStore
) -> None:
    sheet, token = service.create("skipbo", [" Ann ", "Bob", "Cy", "Di"], {"teams": True})
    assert sheet.names == ["Ann", "Bob", "Cy", "Di"]
    assert sheet.options == {"target_score": None, "teams": True}
    version, document = stored(store, sheet.sheet_id)
    assert version == 0
    assert token not in codec.encode(document).decode("utf-8", "replace")
    assert document["rounds"] == []
    assert len(token) >= 40
    public = sheet.to_public()
    assert "token_sha256" not in public
    assert public["players"] == [
        {"seat": 0, "name": "Ann"},
        {"seat": 1, "name": "Bob"},
        {"seat": 2, "name": "Cy"},
        {"seat": 3, "name": "Di"},
    ]
    assert (public["rounds"], public["totals"], public["finished"]) == ([], [0, 0, 0, 0], False)


@pytest.mark.parametrize(
    ("game", "players", "options", "error"),
    [
        ("poker", ["A", "B"], {}, UnknownGame),
        ("skyjo", ["A"], {}, InvalidPlayers),
        ("skyjo", [f"P{i}" for i in range(9)], {}, InvalidPlayers),
        ("skipbo", [f"P{i}" for i in range(7)], {}, InvalidPlayers),
        ("skyjo", ["A", " "], {}, InvalidPlayers),
        ("skyjo", ["A", "x" * 41], {}, InvalidPlayers),
        ("skyjo", ["A", 7], {}, InvalidPlayers),
        ("skyjo", "AB", {}, InvalidPlayers),
        ("skyjo", ["A", "B"], {"foo": 1}, InvalidOptions),
        ("skyjo", ["A", "B"], {"initial_reveals": 3}, InvalidOptions),  # not a scoring option
        ("skyjo", ["A", "B"], {"target_score": 500}, InvalidOptions),
        ("skyjo", ["A", "B"], {"end_score": 0}, InvalidOptions),
        ("skyjo", ["A", "B"], {"end_score": "100"}, InvalidOptions),
        ("skyjo", ["A", "B"], {"max_rounds": 0}, InvalidOptions),
        ("skyjo", ["A", "B"], {"finisher_penalty": 1}, InvalidOptions),
        ("skipbo", ["A", "B"], {"end_score": 100}, InvalidOptions),
        ("skipbo", ["A", "B"], {"stock_size": 10}, InvalidOptions),
        ("skipbo", ["A", "B"], {"target_score": 0}, InvalidOptions),
        ("skipbo", ["A", "B", "C"], {"teams": True}, InvalidOptions),
        ("skipbo", ["A", "B", "C", "D", "E"], {"teams": True}, InvalidOptions),
        ("skipbo", ["A", "B"], [("teams", True)], InvalidOptions),
    ],
)
def test_create_refuses(
    service: ScoreSheetService, game: str, players: Any, options: Any, error: type[Exception]
) -> None:
    with pytest.raises(error):
        service.create(game, players, options)


def test_create_takes_every_scoring_option(service: ScoreSheetService) -> None:
    sheet, _ = service.create(
        "skyjo", ["A", "B"], {"end_score": 150, "max_rounds": 3, "finisher_penalty": False}
    )
    assert sheet.options == {"end_score": 150, "max_rounds": 3, "finisher_penalty": False}
    sheet, _ = service.create("skipbo", list("ABCDEF"), {"target_score": 500, "teams": True})
    assert sheet.options == {"target_score": 500, "teams": True}


# ---- storage: expiry and compare-and-set ------------------------------------------------


def test_finished_sheets_keep_the_finished_ttl(
    service: ScoreSheetService, store: DocumentStore
) -> None:
    sheet, token = new_sheet(service, "skipbo", 2)
    assert FINISHED_TTL < store.ttl(sheet.sheet_id) <= TTL
    service.add_round(sheet.sheet_id, token, skipbo(0, [0, 2]))
    assert 0 < store.ttl(sheet.sheet_id) <= FINISHED_TTL
    service.delete_last_round(sheet.sheet_id, token)
    assert FINISHED_TTL < store.ttl(sheet.sheet_id) <= TTL


def test_an_edit_racing_another_loses_with_a_version_conflict(
    service: ScoreSheetService, store: DocumentStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet, token = new_sheet(service, "skyjo", 2)
    real_load = store.load
    rival = ScoreSheetService(store)

    def load_then_let_a_rival_write(doc_id: str) -> Any:
        snapshot = real_load(doc_id)
        monkeypatch.setattr(store, "load", real_load)
        rival.add_round(doc_id, token, skyjo([1, 1], None))
        return snapshot

    monkeypatch.setattr(store, "load", load_then_let_a_rival_write)
    with pytest.raises(VersionConflict) as conflict:
        service.add_round(sheet.sheet_id, token, skyjo([7, 7], None))
    assert conflict.value.current == 1
    public = service.load(sheet.sheet_id).to_public()
    assert [r["card_totals"] for r in public["rounds"]] == [[1, 1]]


def test_a_sheet_holds_a_bounded_number_of_rounds(
    service: ScoreSheetService, store: DocumentStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scoresheets, "MAX_ROUNDS", 2)
    sheet, token = new_sheet(service, "skyjo", 2, end_score=1000)
    for _ in range(2):
        service.add_round(sheet.sheet_id, token, skyjo([0, 0], None))
    before = stored(store, sheet.sheet_id)
    with pytest.raises(TooManyRounds):
        service.add_round(sheet.sheet_id, token, skyjo([0, 0], None))
    assert stored(store, sheet.sheet_id) == before


# ---- a game's sheet rules live in its folder ---------------------------------------------


def test_a_third_games_own_sheet_rules_score_its_sheets(service: ScoreSheetService) -> None:
    with hosted(HIGHCARD):
        sheet, token = service.create("highcard", ["Ann", "Bob"], {"rounds": 2})
        assert sheet.options == {"rounds": 2}
        with pytest.raises(InvalidRound):
            service.add_round(sheet.sheet_id, token, {"tricks": [3, 1]})
        with pytest.raises(RoundFieldError):
            service.add_round(sheet.sheet_id, token, {"winner": 0})
        service.add_round(sheet.sheet_id, token, {"tricks": [2, 1]})
        sheet = service.add_round(sheet.sheet_id, token, {"tricks": [0, 2]})
        public = service.load(sheet.sheet_id).to_public()
    assert public["totals"] == [2, 3] and public["finished"] and public["winners"] == [1]
    assert public["rounds"][1] == {"round": 2, "tricks": [0, 2], "scores": [0, 2], "totals": [2, 3]}


def test_a_game_without_sheet_rules_is_refused_not_a_server_error(
    service: ScoreSheetService,
) -> None:
    without_sheets = dataclasses.replace(HIGHCARD, sheet=None)
    with hosted(without_sheets), pytest.raises(UnknownGame) as refused:
        service.create("highcard", ["Ann", "Bob"])
    assert "has no score sheet" in refused.value.message
