"""Inputs refused before they reach a route: strict JSON, unknown paths, oversize bodies
however sent, weak If-Match tags, unprintable names, and racing identical moves."""

from __future__ import annotations

import io
from typing import Any

import pytest

from tests.api.conftest import Api

PLAYERS = '[{"name": "a"}, {"name": "b"}]'


def _post(api: Api, path: str, body: str | bytes, **headers: str) -> Any:
    return api.client.post(path, data=body, content_type="application/json", headers=headers)


def test_duplicate_json_keys_are_refused(api: Api) -> None:
    body = '{"game": "skyjo", "game": "skipbo", "players": ' + PLAYERS + "}"
    response = _post(api, "/games", body)
    assert (response.status_code, response.get_json()["code"]) == (400, "invalid_json")
    assert "twice" in response.get_json()["message"]


@pytest.mark.parametrize("number", ["1" * 4301, "1" * 100, "1." + "0" * 5000, "NaN", "1e999999"])
def test_huge_or_non_finite_numbers_are_4xx(api: Api, number: str) -> None:
    body = '{"game": "skyjo", "players": ' + PLAYERS + ', "seed": ' + number + "}"
    response = _post(api, "/games", body)
    assert 400 <= response.status_code < 500, response.get_json()
    assert response.get_json()["code"] in {"invalid_json", "validation_error"}


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE", "GET"])
def test_unknown_paths_are_404_whatever_the_method(api: Api, method: str) -> None:
    response = api.client.open("/no/such/path", method=method, data="x", content_type="text/plain")
    assert (response.status_code, response.get_json()["code"]) == (404, "not_found")


def test_oversize_bodies_are_413_with_or_without_a_length(api: Api) -> None:
    limit = api.client.application.config["MAX_CONTENT_LENGTH"]
    big = b'{"game": "skyjo", "pad": "' + b"x" * limit + b'"}'
    sized = _post(api, "/games", big)
    assert (sized.status_code, sized.get_json()["code"]) == (413, "payload_too_large")
    chunked = api.client.post(
        "/games",
        input_stream=io.BytesIO(big),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
    )
    assert (chunked.status_code, chunked.get_json()["code"]) == (413, "payload_too_large")


def test_weak_tags_are_refused_in_if_match(api: Api) -> None:
    created = api.create("skyjo", 2)
    token = created["players"][0]["token"]
    move = {"type": "reveal", "row": 0, "col": 0}
    response = api.move(created["id"], token, move, **{"If-Match": 'W/"0"'})
    assert (response.status_code, response.get_json()["code"]) == (400, "invalid_header")
    assert api.view(created["id"])["version"] == 0


@pytest.mark.parametrize(
    "name",
    ["a\x00b", "a\r\nb", "\u202eevil", "in\u200bvisible", "tab\there", "\ufeffbom", "x\u2028"],
)
def test_names_must_be_printable(api: Api, name: str) -> None:
    game = api.client.post(
        "/games", json={"game": "skyjo", "players": [{"name": name}, {"name": "b"}]}
    )
    assert (game.status_code, game.get_json()["code"]) == (422, "invalid_players")
    sheet = api.client.post("/scoresheets", json={"game": "skyjo", "players": [name, "b"]})
    assert (sheet.status_code, sheet.get_json()["code"]) == (422, "invalid_players")


def test_printable_names_from_any_script_are_kept(api: Api) -> None:
    created = api.create("skyjo", [{"name": "Zoë 李 Ωμέγα"}, {"name": "Ann-Marie O'Neil"}])
    assert [p["name"] for p in created["players"]] == ["Zoë 李 Ωμέγα", "Ann-Marie O'Neil"]


def test_the_same_move_sent_again_is_the_contracts_422_not_a_409(api: Api) -> None:
    """A well-formed move that repeats the seat's own last move, with nothing racing it, is
    illegal now: the contract's 422, each time it is sent (Idempotency-Key is the tool for
    a resend that should get the first answer)."""
    created = api.create("skyjo", 2, seed=4)
    game_id, token = created["id"], created["players"][0]["token"]
    move = {"type": "reveal", "row": 0, "col": 0}
    assert api.move(game_id, token, move).status_code == 200
    for _ in range(2):
        again = api.move(game_id, token, move)
        assert (again.status_code, again.get_json()["code"]) == (422, "illegal_move")
    assert api.view(game_id)["version"] == 1
    other = api.move(game_id, token, {"type": "reveal", "row": 0, "col": 0, "x": 1})
    assert other.status_code == 422  # a different (malformed) move is still the rules' 4xx
    api.move(game_id, created["players"][1]["token"], move)
    late = api.move(game_id, token, move)  # another seat moved since: an ordinary refusal
    assert late.status_code == 422, late.get_json()
