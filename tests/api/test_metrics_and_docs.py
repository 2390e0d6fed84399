"""Prometheus metrics, health endpoints and the offline interactive docs."""

from __future__ import annotations

import re
import time

import httpx

from tests.api.conftest import Api
from tests.support.live_server import LiveServer


def sample(text: str, name: str, **labels: str) -> float:
    for line in text.splitlines():
        if not line.startswith(name + "{") and line.split(" ")[0] != name:
            continue
        if all(f'{key}="{value}"' in line for key, value in labels.items()):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_health_endpoints(api: Api) -> None:
    assert api.client.get("/livez").get_json() == {"status": "ok", "checks": {}}
    assert api.client.get("/readyz").get_json() == {"status": "ok", "checks": {"redis": "ok"}}


def test_docs_are_served_without_internet(api: Api) -> None:
    with_slash = api.client.get("/docs/")
    assert (with_slash.status_code, with_slash.headers["Location"]) == (308, "/docs")
    page = api.client.get("/docs/", follow_redirects=True).get_data(as_text=True)
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert assets and all(a.startswith("/docs/assets/") for a in assets), assets
    for asset in assets:
        assert api.client.get(asset).status_code == 200
    spec = api.client.get("/openapi.json").get_json()
    assert spec["info"]["title"] == "Cardtable"


def test_metrics_aggregate_across_gunicorn_workers(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url) as http:
        before = http.get("/metrics").text
        created_before = sample(before, "cardtable_games_created_total", game="skyjo")
        moves_before = sample(before, "cardtable_moves_applied_total", game="skyjo")
        requests_before = sample(
            before, "cardtable_http_requests_total", endpoint="/games", method="POST", status="201"
        )
        games = []
        for _ in range(12):  # enough requests that both workers answer some
            response = http.post(
                "/games", json={"game": "skyjo", "players": [{"name": "a"}, {"name": "b"}]}
            )
            assert response.status_code == 201
            games.append(response.json())
        game = games[0]
        token = game["players"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        ok = http.post(
            f"/games/{game['id']}/moves",
            headers=auth,
            json={"move": {"type": "reveal", "row": 0, "col": 0}},
        )
        assert ok.status_code == 200
        stale = http.post(
            f"/games/{game['id']}/moves",
            headers={**auth, "If-Match": '"0"'},
            json={"move": {"type": "reveal", "row": 0, "col": 1}},
        )
        assert stale.status_code == 412
        # Each worker writes its samples once a second (cardtable.api.metrics.Pending): the
        # other worker's last second shows in a scrape within about that.
        deadline = time.monotonic() + 30
        while True:
            after = http.get("/metrics").text
            created = sample(after, "cardtable_games_created_total", game="skyjo")
            requests = sample(
                after,
                "cardtable_http_requests_total",
                endpoint="/games",
                method="POST",
                status="201",
            )
            if created >= created_before + 12 and requests >= requests_before + 12:
                break
            if time.monotonic() > deadline:
                break
            time.sleep(0.2)
    assert sample(after, "cardtable_games_created_total", game="skyjo") == created_before + 12
    assert sample(after, "cardtable_moves_applied_total", game="skyjo") == moves_before + 1
    assert (
        sample(
            after, "cardtable_http_requests_total", endpoint="/games", method="POST", status="201"
        )
        == requests_before + 12
    )
    assert sample(after, "cardtable_conflicts_total", kind="stale_version") >= 1
    assert (
        sample(
            after,
            "cardtable_http_request_duration_seconds_count",
            endpoint="/games/<string:game_id>/moves",
            method="POST",
        )
        >= 2
    )
