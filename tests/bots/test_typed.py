"""The typed views and moves of `cardtable_sdk.typed` stay in step with the served API:
the keys of every TypedDict are those of its `openapi.yaml` schema, its literals are the
schema's enums, and the views and legal moves of played games have exactly these shapes."""

from __future__ import annotations

import random
import typing
from types import ModuleType, UnionType
from typing import Any, Literal, get_args, get_origin

import pytest
import yaml

from cardtable.api.schemas.derived import title
from cardtable.engine.registry import get_rules
from cardtable_sdk.local import LocalGame
from cardtable_sdk.typed import skipbo, skyjo
from tests.sdk.conftest import ROOT

SCHEMAS: dict[str, dict[str, Any]] = yaml.safe_load(
    (ROOT / "openapi.yaml").read_text(encoding="utf-8")
)["components"]["schemas"]

PARTS = {
    skyjo: {
        "View": "SkyjoView", "Options": "SkyjoOptions", "Player": "SkyjoPlayer",
        "Drawn": "SkyjoDrawn",
        "FinalLap": "SkyjoFinalLap", "RoundSummary": "SkyjoRoundScore",
        "LastRound": "SkyjoLastRound",
    },
    skipbo: {
        "View": "SkipBoView", "Options": "SkipBoOptions", "Player": "SkipBoPlayer",
        "BuildingPile": "SkipBoBuildingPile", "LastRound": "SkipBoLastRound",
        "RoundSummary": "SkipBoRoundScore",
    },
}  # fmt: skip
GAMES = {"skyjo": skyjo, "skipbo": skipbo}


def _literals(annotation: Any) -> set[Any]:
    """Every Literal value inside an annotation (through unions and Optional)."""
    if get_origin(annotation) is Literal:
        return set(get_args(annotation))
    if get_origin(annotation) in (typing.Union, UnionType):
        return set().union(*(_literals(arg) for arg in get_args(annotation)))
    return set()


@pytest.mark.parametrize("module", [skyjo, skipbo], ids=lambda m: m.__name__)
def test_every_view_part_has_the_keys_of_its_schema(module: ModuleType) -> None:
    for part, schema_name in PARTS[module].items():
        typed = getattr(module, part)
        schema = SCHEMAS[schema_name]
        assert set(typed.__annotations__) == set(schema["properties"]), part
        assert typed.__required_keys__ == set(schema["required"]), part


@pytest.mark.parametrize("module", [skyjo, skipbo], ids=lambda m: m.__name__)
def test_literals_are_the_schemas_enums(module: ModuleType) -> None:
    for part, schema_name in PARTS[module].items():
        hints = typing.get_type_hints(getattr(module, part))
        for key, prop in SCHEMAS[schema_name]["properties"].items():
            if "enum" in prop:
                assert _literals(hints[key]) == {e for e in prop["enum"] if e is not None}, key


def _move_components(game: str) -> list[dict[str, Any]]:
    """The object schemas of `game`'s moves in openapi.yaml (each variant of a type)."""
    found, todo = [], [SCHEMAS[f"{title(get_rules(game))}Move"]]
    while todo:
        schema = todo.pop()
        if "$ref" in schema:
            todo.append(SCHEMAS[schema["$ref"].rsplit("/", 1)[1]])
        elif "oneOf" in schema:
            todo.extend(schema["oneOf"])
        else:
            found.append(schema)
    return found


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_moves_are_the_schemas_moves(game: str) -> None:
    """Each typed move has the keys, the required keys and the literals of one of the
    game's move schemas (derived from the game's declared shapes), and each schema has one."""
    shapes = GAMES[game].MOVES
    kinds = set().union(*(_literals(typing.get_type_hints(s)["type"]) for s in shapes))
    assert kinds == set(get_rules(game).move_types)

    def described(shape: type) -> tuple[Any, ...]:
        hints = typing.get_type_hints(shape)
        fixed = {k: frozenset(_literals(hint)) for k, hint in hints.items() if _literals(hint)}
        required = shape.__required_keys__  # type: ignore[attr-defined]
        return frozenset(hints), frozenset(required), frozenset(fixed.items())

    def of_schema(schema: dict[str, Any]) -> tuple[Any, ...]:
        props = schema["properties"]
        fixed = {k: frozenset(p["enum"]) for k, p in props.items() if "enum" in p}
        return frozenset(props), frozenset(schema["required"]), frozenset(fixed.items())

    assert {described(s) for s in shapes} == {of_schema(c) for c in _move_components(game)}


def _matches(data: dict[str, Any], shapes: tuple[type, ...]) -> bool:
    """Whether `data` has exactly the keys of one shape and its literal values."""
    for shape in shapes:
        hints = typing.get_type_hints(shape)
        keys = set(data)
        if shape.__required_keys__ <= keys <= set(hints) and all(  # type: ignore[attr-defined]
            data[k] in _literals(hints[k]) for k in keys if _literals(hints[k])
        ):
            return True
    return False


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_played_views_and_legal_moves_have_the_typed_shapes(game: str) -> None:
    options = {"stock_size": 5} if game == "skipbo" else {"end_score": 30}
    local = LocalGame(game, ["a", "b"], options=options, seed=5)
    rng = random.Random(5)
    view_keys = GAMES[game].View.__required_keys__
    while not local.finished:
        seat = local.state.active_seats()[0]
        view, legal = local.view(seat), local.legal_moves(seat)
        assert set(view) == view_keys
        assert legal and all(_matches(move, GAMES[game].MOVES) for move in legal), legal
        local.apply(seat, rng.choice(legal))
    assert set(local.view(0)) == view_keys
