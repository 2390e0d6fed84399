"""Inputs that once reached the store or the parser unchecked, and HTTP details around
caching and preconditions: every client mistake is a 4xx, never a 500."""

from __future__ import annotations

import pytest

from cardtable.config import Settings
from tests.api.conftest import Api, race_two_reveals


def test_names_that_are_not_valid_unicode_are_refused(api: Api) -> None:
    body = '{"game": "skyjo", "players": [{"name": "\\ud800"}, {"name": "B"}]}'
    response = api.client.post("/games", data=body, content_type="application/json")
    assert (response.status_code, response.get_json()["code"]) == (422, "invalid_players")
    sheet = api.client.post(
        "/scoresheets",
        data='{"game": "skyjo", "players": ["\\udfff", "B"]}',
        content_type="application/json",
    )
    assert sheet.status_code == 422


def test_json_nested_too_deeply_is_invalid_json(api: Api) -> None:
    body = "[" * 20000 + "]" * 20000
    response = api.client.post("/games", data=body, content_type="application/json")
    assert (response.status_code, response.get_json()["code"]) == (400, "invalid_json")


@pytest.mark.parametrize("value", [2**64, 10**30, 5001])
def test_option_numbers_are_bounded(api: Api, value: int) -> None:
    response = api.client.post(
        "/games",
        json={"game": "skipbo", "players": [{"name": "a"}, {"name": "b"}],
              "options": {"target_score": value}},
    )  # fmt: skip
    assert (response.status_code, response.get_json()["code"]) == (422, "invalid_options")


def test_unknown_http_methods_share_one_metrics_label(api: Api) -> None:
    for method in ("BREW", "X0JUNK"):
        api.client.open("/games", method=method)
    metrics = api.client.get("/metrics").get_data(as_text=True)
    assert 'method="BREW"' not in metrics and 'method="X0JUNK"' not in metrics
    assert 'method="other"' in metrics


@pytest.mark.parametrize(
    "field", ["game_ttl_seconds", "finished_ttl_seconds", "max_body_bytes", "stored_per_client"]
)
def test_settings_refuse_non_positive_limits(field: str) -> None:
    with pytest.raises(ValueError, match=field):
        Settings(redis_url="redis://x", **{field: 0})


def test_if_none_match_star_and_cache_headers(api: Api) -> None:
    created = api.create("skyjo", 2)
    path = f"/games/{created['id']}"
    star = api.client.get(path, headers={"If-None-Match": "*"})
    assert star.status_code == 304
    view = api.client.get(path, headers=api.auth(created["players"][0]["token"]))
    assert view.headers["Cache-Control"] == "private, no-cache"
    assert "Authorization" in view.headers["Vary"]


def test_if_match_that_goes_stale_during_the_move_is_a_412(api: Api) -> None:
    """Both requests read version 0 and name it in If-Match; the one that loses the
    compare-and-set learns that its version is now older: 412, as the contract says."""
    created = api.create("skyjo", 2, seed=4)
    game_id = created["id"]
    answers = race_two_reveals(api, created, **{"If-Match": '"0"'})
    assert sorted(a.status_code for a in answers.values()) == [200, 412]
    loser = next(a for a in answers.values() if a.status_code == 412)
    assert loser.get_json()["code"] == "stale_version"
    assert loser.headers["ETag"] == '"1"'
    assert api.view(game_id)["version"] == 1
