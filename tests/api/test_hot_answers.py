"""The answers the hot routes serialise without marshmallow (view, legal moves, move) and the
record, taken from real games, validate against their schemas in openapi.yaml."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from tests.api.conftest import Api

SPEC = yaml.safe_load((Path(__file__).parents[2] / "openapi.yaml").read_text())


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0's schema dialect as JSON Schema: `nullable` becomes a null alternative,
    `oneOf` (with a discriminator) `anyOf`."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {
        ("anyOf" if key == "oneOf" else key): _json_schema(value)
        for key, value in node.items()
        if key not in ("nullable", "discriminator")
    }
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


COMPONENTS = _json_schema(SPEC["components"])


def check(schema: str, answer: Any) -> None:
    validator = Draft202012Validator(
        {"$ref": f"#/components/schemas/{schema}", "components": COMPONENTS}
    )
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(answer)]
    assert not errors, errors[:5]


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_real_answers_match_their_schemas(api: Api, game: str) -> None:
    created = api.create(game, 2, seed=11)
    tokens = [player["token"] for player in created["players"]]
    rng = random.Random(12)
    moves = 0
    while True:
        view = api.view(created["id"])
        check("GameView", view)
        if view["finished"] or moves >= 60:
            break
        seat = rng.choice(view["active_seats"])
        check("GameView", api.view(created["id"], tokens[seat]))
        legal = api.legal(created["id"], tokens[seat])
        check("LegalMoves", legal)
        response = api.move(created["id"], tokens[seat], rng.choice(legal["moves"]))
        assert response.status_code == 200, response.get_json()
        check("MoveResult", response.get_json())
        moves += 1


def test_a_record_matches_its_schema(api: Api) -> None:
    created = api.create("skyjo", 2, seed=3, options={"max_rounds": 1})
    api.play_to_end(created, random.Random(4))
    response = api.client.get(f"/games/{created['id']}/record")
    assert response.status_code == 200
    check("Record", response.get_json())
