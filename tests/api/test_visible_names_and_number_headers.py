"""Inputs: a name needs at least one visible character (by Unicode properties, not only its
category: Hangul fillers and other default-ignorable code points count as invisible), and
headers that carry a number are parsed as strictly as the body's numbers."""

from __future__ import annotations

import pytest

from cardtable_engine.printable import has_visible
from tests.api.conftest import Api

INVISIBLE = [
    "\u3164",  # Hangul filler (Lo, default-ignorable)
    "\u3164\u3164 \u3164",
    "\u115f",  # Hangul choseong filler
    "\u1160",  # Hangul jungseong filler
    "\uffa0",  # halfwidth Hangul filler
    "\u2800\u2800",  # braille pattern blank (So)
    "\u0301\u0301",  # combining acute accents alone (Mn)
    "\u20dd",  # combining enclosing circle alone (Me)
    "\u00a0\u3000",  # no-break and ideographic spaces (Zs)
    "\u034f",  # combining grapheme joiner
    "\ufe0f",  # variation selector
]
VISIBLE = ["Zoë", "李", "A\u0301", "😀", "7", "-", "\u3164a", "Ωμέγα"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_names_without_a_visible_character_are_refused(api: Api, name: str) -> None:
    assert not has_visible(name)
    game = api.client.post(
        "/games", json={"game": "skyjo", "players": [{"name": name}, {"name": "b"}]}
    )
    assert (game.status_code, game.get_json()["code"]) == (422, "invalid_players")
    message = game.get_json()["message"]
    assert "visible" in message or "non-empty" in message  # spaces alone are trimmed away
    sheet = api.client.post("/scoresheets", json={"game": "skyjo", "players": [name, "b"]})
    assert (sheet.status_code, sheet.get_json()["code"]) == (422, "invalid_players")
    created = api.create("skyjo", [{"name": "Ann"}, {"open": True}], public=True)
    joined = api.client.post(f"/games/{created['id']}/join", json={"name": name})
    assert (joined.status_code, joined.get_json()["code"]) == (422, "invalid_name")


@pytest.mark.parametrize("name", VISIBLE)
def test_names_with_a_visible_character_are_kept(api: Api, name: str) -> None:
    assert has_visible(name)
    created = api.create("skyjo", [{"name": name}, {"name": "b"}])
    assert created["players"][0]["name"] == name


@pytest.mark.parametrize(
    "tag",
    [
        '"\u00b2"',  # superscript two: a digit to str.isdigit, not to a parser
        "\u00b2",
        '"\u0661\u0667"',  # Arabic-Indic 17: int() would take it
        "\uff11\uff17",  # fullwidth 17
        '"' + "9" * 4301 + '"',  # past Python's int conversion limit
        "9" * 13,  # past 12 digits
        '"17',  # unbalanced quotes
        '17"',
        '"-1"',
        '"1 7"',
        '"0x11"',
    ],
)
def test_version_headers_take_ascii_digits_only(api: Api, tag: str) -> None:
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][0]["token"]
    move = {"type": "reveal", "row": 0, "col": 0}
    moved = api.move(game_id, token, move, **{"If-Match": tag})
    assert (moved.status_code, moved.get_json()["code"]) == (400, "invalid_header")
    polled = api.client.get(f"/games/{game_id}", headers={"If-None-Match": tag})
    assert (polled.status_code, polled.get_json()["code"]) == (400, "invalid_header")
    assert api.view(game_id)["version"] == 0


def test_well_formed_version_headers_still_work(api: Api) -> None:
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][0]["token"]
    for tag in ('"0"', "0", ' "0" ', 'W/"0"'):
        polled = api.client.get(f"/games/{game_id}", headers={"If-None-Match": tag})
        assert polled.status_code == 304, tag
    moved = api.move(game_id, token, {"type": "reveal", "row": 0, "col": 0}, **{"If-Match": '"0"'})
    assert moved.status_code == 200
