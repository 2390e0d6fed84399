"""The score-sheet helper on the live server: enter, correct and read rounds; two keepers of
one sheet cannot overwrite each other; the sheet's errors have their classes."""

from __future__ import annotations

import pytest

from cardtable_sdk import Cardtable, GameNotFound, InvalidToken, StaleVersion, TokenRequired
from cardtable_sdk.errors import InvalidRound, NoRounds, SheetFinished, ValidationError


def test_a_skyjo_sheet_counts_rounds_and_takes_corrections(table: Cardtable) -> None:
    sheet = table.create_scoresheet("skyjo", ["Ann", "Ben"], options={"end_score": 50})
    assert sheet.edit_token and sheet.version == 0 and sheet.rounds == []
    sheet.add_round(card_totals=[10, 20], finisher=0)
    assert sheet.totals == [10, 20] and sheet.version == 1
    sheet.add_round(card_totals=[30, 5], finisher=1)
    assert sheet.totals == [40, 25] and not sheet.finished
    assert [s["name"] for s in sheet.standings] == ["Ben", "Ann"]
    sheet.replace_last_round(card_totals=[31, 4], finisher=1)
    assert sheet.totals == [41, 24] and len(sheet.rounds) == 2
    sheet.add_round(card_totals=[12, 3], finisher=1)
    assert sheet.finished and sheet.winners == [1]
    with pytest.raises(SheetFinished) as finished:
        sheet.add_round(card_totals=[1, 1], finisher=0)
    assert (finished.value.code, finished.value.status) == ("sheet_finished", 409)
    sheet.delete_last_round()
    assert not sheet.finished and sheet.totals == [41, 24]
    assert "Scoresheet skyjo" in repr(sheet) and "totals [41, 24]" in repr(sheet)

    reader = table.scoresheet(sheet.id)  # anyone with the id may read it
    assert reader.data == sheet.data
    with pytest.raises(TokenRequired):
        reader.add_round(card_totals=[1, 1], finisher=0)


def test_two_keepers_of_one_sheet_cannot_overwrite_each_other(table: Cardtable) -> None:
    first = table.create_scoresheet("skipbo", ["Ann", "Ben"], options={"target_score": 500})
    second = table.scoresheet(first.id, first.edit_token)
    first.add_round(winner=0, stocks_left=[0, 12])
    with pytest.raises(StaleVersion) as stale:
        second.add_round(winner=1, stocks_left=[3, 0])  # decided on the sheet at version 0
    assert stale.value.status == 412
    assert second.version == 1 and second.rounds == first.rounds  # re-read, not resent
    second.add_round(winner=1, stocks_left=[3, 0])
    assert len(second.rounds) == 2


def test_sheet_errors(table: Cardtable) -> None:
    sheet = table.create_scoresheet("skyjo", ["Ann", "Ben"])
    with pytest.raises(NoRounds):
        sheet.delete_last_round()
    with pytest.raises(InvalidRound) as bad_round:
        sheet.add_round(card_totals=[1, 2, 3], finisher=0)
    assert bad_round.value.status == 422
    with pytest.raises(ValidationError):
        sheet.add_round(winner=0)  # a Skip-Bo field on a Skyjo sheet
    with pytest.raises(ValidationError, match="does not define"):
        sheet.add_round(card_total=[1, 2], finisher=0)  # a typo, refused before sending
    with pytest.raises(InvalidToken):
        table.scoresheet(sheet.id, "wrong-token").add_round(card_totals=[1, 2], finisher=0)
    with pytest.raises(GameNotFound):
        table.scoresheet("no-such-sheet")
