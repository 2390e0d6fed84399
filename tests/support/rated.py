"""Helpers for the rated-play tests: players and tickets through HTTP."""

from __future__ import annotations

import itertools
from typing import Any

_names = itertools.count()


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def new_player(client: Any, kind: str = "human", name: str | None = None) -> dict[str, Any]:
    name = name or f"{kind[0].upper()}{next(_names)}"
    response = client.post("/players", json={"name": name, "kind": kind})
    assert response.status_code == 201, response.get_json()
    created: dict[str, Any] = response.get_json()
    return created


def enqueue(
    client: Any, player: dict[str, Any], game: str = "skyjo", size: int = 2, **body: Any
) -> Any:
    return client.post(
        "/queue", json={"game": game, "players": size, **body}, headers=bearer(player["key"])
    )


def queued(client: Any, player: dict[str, Any], **body: Any) -> dict[str, Any]:
    """Queue (202, `waiting` as the contract says), then the ticket as its GET shows it
    (matched at once when a table existed)."""
    response = enqueue(client, player, **body)
    assert response.status_code == 202, response.get_json()
    assert response.get_json()["status"] == "waiting"
    return poll(client, player, response.get_json()["ticket"])


def poll(client: Any, player: dict[str, Any], ticket: str, **query: Any) -> dict[str, Any]:
    response = client.get(f"/queue/{ticket}", query_string=query, headers=bearer(player["key"]))
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def schema_errors(component: str, answer: Any) -> list[str]:
    """What is wrong with `answer` against openapi.yaml's `component` (empty: it fits)."""
    from cardtable.openapi import openapi_dict
    from tests.support.openapi import errors, validator

    components = openapi_dict()["components"]["schemas"]  # type: ignore[index]
    return errors(validator(component, components), answer)
