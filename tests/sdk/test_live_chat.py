"""A table's chat through the SDK against a real server (gunicorn + Redis)."""

from __future__ import annotations

import pytest

from cardtable_sdk import Cardtable
from cardtable_sdk.errors import ValidationError


def test_seats_chat_and_the_games_version_stays(table: Cardtable) -> None:
    created = table.create_game("skyjo", ["Ann", "Bea"], seed=8)
    ann, bea = created.seat(0), created.seat(1)
    version = ann.view().version
    posted = ann.chat(text="<b>salut</b>")
    assert posted["seq"] == 1 and posted["seat"] == 0 and posted["text"] == "<b>salut</b>"
    assert bea.chat(emote="good_game")["seq"] == 2
    page = bea.chat_messages(since=1)
    assert page["seq"] == 2 and [m["emote"] for m in page["messages"]] == ["good_game"]
    assert ann.view().version == version
    with pytest.raises(ValidationError):
        ann.chat(emote="not-an-emote")
