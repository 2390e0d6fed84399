"""The typed views and moves of `cardtable_sdk.typed` stay in step with the served API:
the keys of every TypedDict are those of its `openapi.yaml` schema, its literals are the
schema's enums, and the views and legal moves of played games have exactly these shapes."""

from __future__ import annotations

import importlib
import random
import typing
from types import ModuleType, UnionType
from typing import Any, Literal, get_args, get_origin

import pytest
import yaml

from cardtable.api.schemas.derived import title
from cardtable_engine.registry import GAMES as REGISTRY
from cardtable_engine.registry import get_rules
from cardtable_sdk.local import LocalGame
from cardtable_sdk.typed import events, skyjo
from tests.sdk.conftest import ROOT

SCHEMAS: dict[str, dict[str, Any]] = yaml.safe_load(
    (ROOT / "openapi.yaml").read_text(encoding="utf-8")
)["components"]["schemas"]

GAMES: dict[str, ModuleType] = {
    name: importlib.import_module(f"cardtable_sdk.typed.{name}") for name in REGISTRY
}
MODULES = [*GAMES.values(), events]


def _schema_of(module: ModuleType, name: str) -> dict[str, Any]:
    """The component a generated TypedDict stands for: `skyjo.Player` is `SkyjoPlayer`,
    an event (`MoveEvent`) the shared one, an inline object its owner's field's items."""
    game = module.__name__.rsplit(".", 1)[1]
    prefixed = (title(get_rules(game)) if game in GAMES else "") + name
    return SCHEMAS.get(prefixed) or SCHEMAS[name]


def _parts(module: ModuleType) -> dict[str, type]:
    return {
        name: value
        for name, value in vars(module).items()
        if typing.is_typeddict(value)
        and value.__module__ == module.__name__
        and not name.endswith("Item")
    }


def _literals(annotation: Any) -> set[Any]:
    """Every Literal value inside an annotation (through unions and Optional)."""
    if get_origin(annotation) is Literal:
        return set(get_args(annotation))
    if get_origin(annotation) in (typing.Union, UnionType):
        return set().union(*(_literals(arg) for arg in get_args(annotation)))
    return set()


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_view_part_has_the_keys_of_its_schema(module: ModuleType) -> None:
    expected = {"View", "Options", "Player"} if module in GAMES.values() else {"MoveEvent"}
    assert expected <= set(_parts(module))
    for part, typed in _parts(module).items():
        schema = _schema_of(module, part)
        assert set(typed.__annotations__) == set(schema["properties"]), part
        assert typed.__required_keys__ == set(schema["required"]), part


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_literals_are_the_schemas_enums(module: ModuleType) -> None:
    for part, typed in _parts(module).items():
        hints = typing.get_type_hints(typed)
        for key, prop in _schema_of(module, part)["properties"].items():
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


@pytest.mark.parametrize("game", GAMES)
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


@pytest.mark.parametrize("game", GAMES)
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


def test_skyjos_hand_written_cell_is_the_grids_item() -> None:
    assert typing.get_type_hints(skyjo.Player)["grid"] == list[skyjo.Cell]


def test_a_typed_bot_is_the_sdks_bot() -> None:
    """`@skyjo.bot` hands the view and the moves through unchanged (types only)."""
    seen: list[Any] = []

    @skyjo.bot
    def first(view: skyjo.View, legal_moves: list[skyjo.Move]) -> skyjo.Move:
        seen.append(view)
        return legal_moves[0]

    local = LocalGame("skyjo", ["a", "b"], seed=1)
    view, legal = local.view(0), local.legal_moves(0)
    assert first(view, legal) == legal[0] and seen == [view]


def test_a_games_events_hold_its_own_moves() -> None:
    move_event = next(e for e in get_args(skyjo.Event) if get_origin(e) is events.MoveEvent)
    assert get_args(move_event) == (skyjo.Move,)
