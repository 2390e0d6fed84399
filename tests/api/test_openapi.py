"""openapi.yaml is exactly what the app produces, and the live app honours it (schemathesis)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import yaml
from openapi_spec_validator import OpenAPIV30SpecValidator as OAS30Validator
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

from cardtable.api.schemas.base import NAME_PATTERN
from cardtable.api.schemas.common import IF_MATCH_PATTERN, IF_NONE_MATCH_PATTERN
from cardtable.openapi import openapi_yaml
from tests.api.conftest import Api
from tests.support.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[2]


def test_committed_openapi_matches_the_app() -> None:
    committed = (ROOT / "openapi.yaml").read_text(encoding="utf-8")
    assert committed == openapi_yaml(), "openapi.yaml is stale: run `make openapi`"


def test_openapi_yaml_is_a_valid_openapi_3_0_document() -> None:
    """Checked by openapi-spec-validator, as other languages' generators would read it (a
    3.1 form such as `type: [integer, "null"]` in a 3.0.3 document is refused)."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert spec["openapi"] == "3.0.3"
    OAS30Validator(spec).validate()
    broken = {**spec, "components": {**spec["components"], "schemas": {
        **spec["components"]["schemas"],
        "EventFeed": {"type": "object", "properties": {"next": {"type": ["integer", "null"]}}},
    }}}  # fmt: skip
    with pytest.raises(OpenAPIValidationError):
        OAS30Validator(broken).validate()


@pytest.mark.parametrize(
    ("pattern", "value", "server_takes"),
    [
        (IF_MATCH_PATTERN, '"17"', True),
        (IF_MATCH_PATTERN, "17", True),
        (IF_MATCH_PATTERN, "*", True),
        (IF_MATCH_PATTERN, 'W/"17"', False),
        (IF_MATCH_PATTERN, '"1", "2"', False),
        (IF_MATCH_PATTERN, '"1234567890123"', False),
        (IF_MATCH_PATTERN, '"\u0661"', False),
        (IF_MATCH_PATTERN, "", False),
        (IF_NONE_MATCH_PATTERN, 'W/"17"', True),
        (IF_NONE_MATCH_PATTERN, '"1", "2"', True),
        (IF_NONE_MATCH_PATTERN, "abc", False),
        (IF_NONE_MATCH_PATTERN, "", False),
    ],
)
def test_the_version_headers_patterns_say_what_the_server_takes(
    api: Api, pattern: str, value: str, server_takes: bool
) -> None:
    game = api.create("skyjo", [{"name": "A"}, {"name": "B"}])
    header = "If-Match" if pattern == IF_MATCH_PATTERN else "If-None-Match"
    response = api.client.get(f"/games/{game['id']}", headers={header: value})
    if header == "If-Match":
        token = game["players"][0]["token"]
        move = api.legal(game["id"], token)["moves"][0]
        response = api.client.post(
            f"/games/{game['id']}/moves", json={"move": move},
            headers={**api.auth(token), header: value},
        )  # fmt: skip
    assert (re.fullmatch(pattern, value) is not None) == server_takes
    assert (response.status_code != 400) == server_takes, response.get_json()


@pytest.mark.parametrize(
    ("key", "server_takes"),
    [("k", True), ("~!" * 64, True), ("a" * 129, False), ("a b", False), ("é", False), ("", False)],
)
def test_the_idempotency_key_schema_says_what_the_server_takes(
    api: Api, key: str, server_takes: bool
) -> None:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    (header,) = [
        p for p in spec["paths"]["/scoresheets/{sheet_id}/rounds"]["post"]["parameters"]
        if p["name"] == "Idempotency-Key"
    ]  # fmt: skip
    schema = header["schema"]
    fits = schema["minLength"] <= len(key) <= schema["maxLength"] and bool(
        re.fullmatch(schema["pattern"], key)
    )
    response = api.client.post(
        "/scoresheets/nosuchsheet/rounds", json={"winner": None}, headers={"Idempotency-Key": key}
    )
    assert fits == server_takes
    assert (response.status_code != 400) == server_takes, response.get_json()


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        " Bé ",
        "李雷",
        "O'Neil-Smith",
        "",
        "   ",
        "a\tb",
        "a\u202eb",
        "\u3164",
        "x\u200by",
        "\x7f",
    ],
)
def test_a_name_the_spec_refuses_the_server_refuses(api: Api, name: str) -> None:
    """The name pattern is as strict as the server's printable-name check, or stricter: a
    name outside it is refused, and the everyday names inside it are taken."""
    fits = re.fullmatch(NAME_PATTERN, name) is not None
    response = api.client.post("/games", json={"game": "skyjo", "players": [{"name": name}] * 2})
    assert (response.status_code == 201) == fits, response.get_json()


def test_every_operation_has_a_stable_id_tag_and_error_shape() -> None:
    spec = yaml.safe_load(openapi_yaml())
    operation_ids = []
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method not in {"get", "post", "put", "delete", "patch"}:
                continue
            assert operation.get("operationId"), f"{method} {path} has no operationId"
            assert operation.get("tags"), f"{method} {path} has no tag"
            operation_ids.append(operation["operationId"])
            for status, response in operation["responses"].items():
                if "$ref" in response:
                    response = spec["components"]["responses"][response["$ref"].split("/")[-1]]
                if path != "/readyz" and (str(status).startswith("4") or str(status) == "503"):
                    ref = response["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/Error"), f"{method} {path} {status} is not an Error"
    assert len(operation_ids) == len(set(operation_ids))
    for name in (
        "create_game",
        "get_game",
        "get_legal_moves",
        "apply_move",
        "get_score",
        "get_record",
        "list_game_types",
        "list_open_games",
        "join_game",
        "leave_game",
        "start_game",
        "rematch_game",
    ):
        assert name in operation_ids
    schemas = spec["components"]["schemas"]
    for name in (
        "SkyjoView",
        "SkipBoView",
        "GameView",
        "WaitingView",
        "MoveResult",
        "Move",
        "Score",
        "Record",
        "Error",
    ):
        assert name in schemas


def test_schemathesis_finds_no_server_error_and_no_schema_violation(
    live_server: LiveServer, tmp_path: Path
) -> None:
    """Fuzz every operation from openapi.yaml against the live server. A real game and a real
    score sheet (and a seat's token) are supplied, so the generated requests reach the game
    logic instead of stopping at 404/401."""
    game = httpx.post(
        f"{live_server.url}/games",
        json={"game": "skyjo", "players": [{"name": "a"}, {"name": "b"}]},
    ).json()
    sheet = httpx.post(
        f"{live_server.url}/scoresheets", json={"game": "skyjo", "players": ["a", "b"]}
    ).json()
    config = tmp_path / "schemathesis.toml"
    config.write_text(
        f'headers = {{ Authorization = "Bearer {game["players"][0]["token"]}" }}\n'
        "[parameters]\n"
        f'"path.game_id" = "{game["id"]}"\n'
        f'"path.sheet_id" = "{sheet["id"]}"\n'
        # Long-polls are real waits (up to 30 s): keep them short so cases stay quick.
        '"query.wait" = 0.2\n'
        # A fuzzed `since` repeated many times makes URLs gunicorn refuses (414, in HTML).
        '"query.since" = 0\n'
        # A request the spec calls valid is never refused as unreadable (400): the spec is as
        # strict as the server's syntax (headers, names, seats). Refusals by the game's state
        # or rules (404, 409, 412, 422) are not the spec's to foresee.
        "[checks.positive_data_acceptance]\n"
        'expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "412", "422", "429"]\n'
    )
    st = shutil.which("st", path=str(Path(sys.executable).parent)) or "st"
    command = [
        st, "--config-file", str(config), "run", str(ROOT / "openapi.yaml"),
        "--url", live_server.url,
        "--checks", "not_a_server_error,response_schema_conformance,content_type_conformance,"
                    "status_code_conformance,response_headers_conformance,positive_data_acceptance",
        "--max-examples", "25",
        "--max-time", "120",
        # stateful: follows the spec's links from created games and sheets to their
        # operations (the server runs with raised rate limits, see tests/conftest.py).
        "--phases", "examples,coverage,fuzzing,stateful",
        "--seed", "1",
        # One worker: schemathesis 4.32's coverage phase trips over a thread race in
        # hypothesis's lambda introspection with several workers (a tool bug, not ours).
        "--workers", "1",
        "--generation-database", "none",
        "--request-timeout", "10",
        "--exclude-path", "/metrics",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, timeout=400, cwd=tmp_path)
    output = result.stdout[-6000:] + result.stderr[-2000:]
    assert result.returncode == 0, output
    assert "passed" in result.stdout
