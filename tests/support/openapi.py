"""Checking answers against OpenAPI 3.0 schemas with jsonschema-rs (the Rust validator
schemathesis uses too: the same JSON Schema 2020-12 verdicts as the `jsonschema` package,
some 50 times faster, which the tests that check every view of whole games need)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jsonschema_rs import Draft202012Validator


def json_schema(node: Any) -> Any:
    """OpenAPI 3.0's schema dialect as JSON Schema: `nullable` becomes a null alternative,
    `oneOf` (with a discriminator) `anyOf`."""
    if isinstance(node, list):
        return [json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {
        ("anyOf" if key == "oneOf" else key): json_schema(value)
        for key, value in node.items()
        if key not in ("nullable", "discriminator")
    }
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


def validator(name: str, components: Mapping[str, Any]) -> Draft202012Validator:
    """A validator of the component `name` among `components` (OpenAPI's `schemas`)."""
    converted = {"schemas": json_schema(dict(components))}
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": converted})


def errors(checker: Draft202012Validator, answer: Any) -> list[str]:
    """What is wrong with `answer`, one line per error (empty when it validates)."""
    return [
        f"{list(error.instance_path)}: {error.message}" for error in checker.iter_errors(answer)
    ]
