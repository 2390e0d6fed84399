"""What the API says about each game, derived from the game's own declarations in its
folder (`MOVES`, the checks of its log entries, `SCORE_ROUND_KEYS`) rather than written
here: the JSON Schemas of openapi.yaml for moves, log entries and completed rounds (one
`oneOf` per game with a discriminator), and the check of a move request, which follows
the registry live (a game hosted later, like the tests' third game, is accepted too).

Answers that carry a game's own fields (a move, a record's log, a score's rounds) pass
through as the engine made them; the schemas document them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from cardtable.api.schemas.base import StrictSchema, strict_int
from cardtable_engine import view_fields
from cardtable_engine.base import GameRules
from cardtable_engine.checks import schema_of
from cardtable_engine.registry import GAMES
from cardtable_engine.shapes import MoveField, shapes_by_type, variant_field

JSONSchema = dict[str, Any]


def ref(name: str) -> JSONSchema:
    return {"$ref": f"#/components/schemas/{name}"}


def refer(name: str, description: str = "") -> dict[str, Any]:
    """Field metadata that points a marshmallow field at a component (allOf: a `$ref` may
    have no siblings in OpenAPI 3.0)."""
    found: dict[str, Any] = {"allOf": [ref(name)]}
    if description:
        found["description"] = description
    return found


def title(rules: GameRules) -> str:
    """The game's name in component names: its title's letters ("SkipBo")."""
    return "".join(char for char in rules.title if char.isalnum())


def camel(*words: str) -> str:
    """Words joined as one name in component style: ("round_end",) -> "RoundEnd"."""
    return "".join(part.capitalize() for word in words for part in word.split("_"))


def _one_of(names: Iterable[str], by: str, mapping: Mapping[str, str]) -> JSONSchema:
    return {
        "oneOf": [ref(name) for name in names],
        "discriminator": {
            "propertyName": by,
            "mapping": {key: ref(name)["$ref"] for key, name in mapping.items()},
        },
    }


# -- moves -----------------------------------------------------------------------------


def move_components(rules: GameRules) -> dict[str, JSONSchema]:
    """`<Game>Move` (a oneOf by `type`), one component per type, and per variant when a
    type has several shapes (a oneOf by the field that tells them apart)."""
    game = title(rules)
    found: dict[str, JSONSchema] = {}
    by_type: dict[str, str] = {}
    for kind, shapes in shapes_by_type(rules.state_class.MOVES).items():
        name = by_type[kind] = f"{game}{camel(kind)}Move"
        if len(shapes) == 1:
            found[name] = shapes[0].schema()
            continue
        variants = {shape.key[1]: f"{game}{camel(*shape.key)}Move" for shape in shapes}
        for shape, variant in zip(shapes, variants.values(), strict=True):
            found[variant] = shape.schema()
        found[name] = _one_of(variants.values(), variant_field(shapes), variants)
    union = _one_of(by_type.values(), "type", by_type)
    if any("oneOf" in found[name] for name in by_type.values()):
        # A mapping names object schemas only (a type of several shapes has its own).
        del union["discriminator"]
    found[f"{game}Move"] = {
        "description": f"A {rules.title} move: its `type`, then that type's fields.",
        **union,
    }
    return found


# -- log entries and rounds ------------------------------------------------------------


def _common(first: Any, second: Any) -> Any:
    """What two schemas (of the same entry for two player counts) agree on: keys whose
    values differ (a length that is the player count) are left out."""
    if isinstance(first, dict) and isinstance(second, dict):
        return {
            key: _common(first[key], second[key])
            for key in first
            if key in second and (first[key] == second[key] or isinstance(first[key], dict))
        }
    return first


def _entry_schemas(rules: GameRules) -> dict[str, JSONSchema]:
    cls = rules.state_class
    low, high = rules.min_players, rules.max_players
    fewest, most = cls.log_entries(low), cls.log_entries(high)
    return {
        kind: _common(schema_of(check), schema_of(most[kind])) for kind, check in fewest.items()
    }


def log_components(rules: GameRules) -> dict[str, JSONSchema]:
    """`<Game>LogEntry` (a oneOf by `type`): the game's own entries (deals, reshuffles) as
    its log checks declare them, and its move entry."""
    game = title(rules)
    found: dict[str, JSONSchema] = {}
    mapping: dict[str, str] = {}
    for kind, schema in _entry_schemas(rules).items():
        name = mapping[kind] = f"{game}{camel(kind)}Entry"
        found[name] = schema
    name = mapping["move"] = f"{game}MoveEntry"
    found[name] = {
        "type": "object",
        "required": ["type", "seat", "move"],
        "properties": {
            "type": {"type": "string", "enum": ["move"]},
            "seat": {"type": "integer", "minimum": 0, "description": "Who moved."},
            "move": ref(f"{game}Move"),
        },
        "additionalProperties": False,
    }
    found[f"{game}LogEntry"] = _one_of(mapping.values(), "type", mapping)
    return found


ROUND_KEYS: dict[str, JSONSchema] = {
    "round": {"type": "integer", "minimum": 1},
    "scores": {"type": "array", "items": {"type": "integer"}, "description": "Per seat."},
}


def round_component(rules: GameRules) -> dict[str, JSONSchema]:
    """`<Game>RoundScore`: a completed round's keys (SCORE_ROUND_KEYS), the game's own as
    its ROUND_FIELDS describe them."""
    cls = rules.state_class
    own = {**ROUND_KEYS, **cls.ROUND_FIELDS}
    properties = {key: dict(own.get(key, {})) for key in cls.SCORE_ROUND_KEYS}
    schema = {
        "type": "object",
        "required": list(cls.SCORE_ROUND_KEYS),
        "properties": properties,
        "additionalProperties": False,
    }
    return {f"{title(rules)}RoundScore": schema}


# -- views -----------------------------------------------------------------------------


def _option(spec: Mapping[str, Any]) -> JSONSchema:
    """One option as `GameRules.describe` tells it, as views and records carry it."""
    found: JSONSchema = {"type": spec["type"]}
    if spec["type"] == "string":
        found["enum"] = list(spec["choices"] or ())
    elif spec["type"] == "integer":
        found.update(minimum=spec["minimum"], maximum=spec["maximum"])
    found["description"] = spec["description"]
    if spec["nullable"]:
        found["nullable"] = True
    return found


def options_component(rules: GameRules) -> dict[str, JSONSchema]:
    """`<Game>Options`: every option of the game, resolved (from its GameInfo)."""
    options = {spec["name"]: _option(spec) for spec in rules.describe()["options"]}
    return {f"{title(rules)}Options": view_fields.record(options)}


def _default_step(rules: GameRules) -> JSONSchema:
    return view_fields.steps(
        rules.state_class.STEP_MOVES, "What the acting seat(s) do next; null once over."
    )


PLAYER_PART = "Player"
RATED_PLAYER: JSONSchema = {
    "type": "string",
    "description": "A rated game (made by the queue): the id of the rated player at this seat.",
}


def view_components(rules: GameRules, served: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """`<Game>View` and its parts (`<Game><Part>`), from the fields every view shares and
    the game's own VIEW_FIELDS and VIEW_PARTS; `served` (properties and required) are the
    fields the service adds around the engine's view."""
    cls, game = rules.state_class, title(rules)
    name_of = {part: f"{game}{part}" for part in cls.VIEW_PARTS}
    found: dict[str, JSONSchema] = {
        name_of[part]: view_fields.resolve(schema, name_of)
        for part, schema in cls.VIEW_PARTS.items()
    }
    if PLAYER_PART in name_of:  # the service names a rated game's players in their entries
        found[name_of[PLAYER_PART]]["properties"]["player"] = RATED_PLAYER
    own: JSONSchema = {
        "game": {"type": "string", "enum": [rules.name]},
        "step": dict(cls.VIEW_STEP or _default_step(rules)),
        "options": ref(f"{game}Options"),
        **view_fields.resolve(dict(cls.VIEW_FIELDS), name_of),
        "rounds": {
            "type": "array",
            "description": "Every completed round (as in the Score).",
            "items": ref(f"{game}RoundScore"),
        },
    }
    served = served or {"properties": {}, "required": []}
    schema = view_fields.record({**served["properties"], **view_fields.COMMON_FIELDS, **own})
    schema["required"] = sorted({*served["required"], *view_fields.COMMON_FIELDS, *own})
    found[f"{game}View"] = {
        "description": f"What one seat or a spectator sees of {rules.title}.",
        **schema,
    }
    return found


# -- events ----------------------------------------------------------------------------

_TURN: dict[str, JSONSchema] = {
    "next_player": view_fields.integer(
        description="Whose turn it is now; null when no single seat is to play.", nullable=True
    ),
    "active_seats": view_fields.list_of(view_fields.integer(), "Seats that may act now."),
}
_TOTALS = view_fields.list_of(view_fields.integer(), "Running totals, per seat.")
_SEAT = view_fields.seat()
_BOT = view_fields.string("The server bot that plays the seat now.")

SHARED_EVENTS: dict[str, tuple[str, dict[str, JSONSchema], tuple[str, ...]]] = {
    "move": (
        "Every applied move (bot moves too): `seat`, `move` exactly as applied, whose turn"
        " it is now, and the move's public consequences (the game's own fields).",
        {"seat": {**_SEAT, "description": "Who moved."}, "move": ref("Move"), **_TURN},
        ("seat", "move", *_TURN),
    ),
    "reshuffle": (
        "A new draw pile was formed during the move.",
        {"draw_pile_size": view_fields.integer(0, description="Cards in the new draw pile.")},
        ("draw_pile_size",),
    ),
    "round_end": (
        "The move ended a round: its scores, and the game's own facts of the round.",
        {
            "round": view_fields.integer(1),
            "scores": view_fields.list_of(view_fields.integer(), "The round's scores, per seat."),
            "totals": _TOTALS,
        },
        ("round", "scores", "totals"),
    ),
    "deal": (
        "A new round was dealt (also the first round of a game that waited for players):"
        " its public start, and the viewer's own cards when dealt some.",
        {"round": view_fields.integer(1), **_TURN},
        ("round", *_TURN),
    ),
    "game_end": (
        "The game is over.",
        {
            "totals": _TOTALS,
            "winners": view_fields.list_of(view_fields.integer(), "The winning seats."),
        },
        ("totals", "winners"),
    ),
    "join": (
        "A seat was taken, or filled by a server bot when the game was started early.",
        {"seat": _SEAT, "name": view_fields.string(), "bot": _BOT},
        ("seat", "name"),
    ),
    "leave": (
        "A player left: before the deal the seat opens again, after it a server bot plays it.",
        {"seat": _SEAT, "bot": _BOT},
        ("seat",),
    ),
    "takeover": (
        "The turn timer handed a seat to the server's bot.",
        {"seat": _SEAT, "reason": view_fields.string("Why, e.g. `timeout`."), "bot": _BOT},
        ("seat", "reason", "bot"),
    ),
    "rematch": (
        "A player asked for a rematch once the game was over.",
        {"game_id": view_fields.string("The new game's id.")},
        ("game_id",),
    ),
}
"""Every kind of event (docs/events.md): its description, its shared fields, and which of
them it always has. A game adds its own fields to `move`, `deal` and `round_end`."""


def _last_round_fields(rules: GameRules) -> dict[str, JSONSchema]:
    """A `round_end` event's own fields: the view's `last_round` part, else the round's
    Score keys (what `engine.events` reads the round from)."""
    cls = rules.state_class
    last = cls.VIEW_FIELDS.get("last_round")
    if last is not None:
        name = next(
            option[view_fields.PART] for option in last["anyOf"] if view_fields.PART in option
        )
        own = dict(cls.VIEW_PARTS[name]["properties"])
    else:
        own = dict(round_component(rules)[f"{title(rules)}RoundScore"]["properties"])
    return {key: value for key, value in own.items() if key not in ("round", "scores")}


def game_event_fields(rules: GameRules) -> dict[str, dict[str, JSONSchema]]:
    """The game's own fields of its `move`, `deal` and `round_end` events, from its events
    module's MOVE_FIELDS and DEAL_FIELDS (without one: its view's fields, which the generic
    view-diff shows) and its last round's declaration."""
    cls, game = rules.state_class, title(rules)
    hooks = cls.events
    move = cls.VIEW_FIELDS if hooks is None else hooks.MOVE_FIELDS
    deal = cls.VIEW_FIELDS if hooks is None else hooks.DEAL_FIELDS
    name_of = {part: f"{game}{part}" for part in cls.VIEW_PARTS}
    own = {"move": move, "deal": deal, "round_end": _last_round_fields(rules)}
    return {kind: view_fields.resolve(dict(found), name_of) for kind, found in own.items()}


def _merged(first: JSONSchema | None, second: JSONSchema) -> JSONSchema:
    """Two games' schemas of one event field: either, when they differ."""
    if first is None or first == second:
        return second
    options = first["anyOf"] if set(first) == {"anyOf"} else [first]
    return {"anyOf": [*options, second]}


def event_components(games: Mapping[str, GameRules]) -> dict[str, JSONSchema]:
    """`Event` (a oneOf by `type`) and one `<Kind>Event` per kind: the shared fields, then
    every documented game's own fields of that kind (optional: which a game shows is its
    events module's to say)."""
    own: dict[str, dict[str, JSONSchema]] = {kind: {} for kind in SHARED_EVENTS}
    for rules in games.values():
        for kind, fields_of_kind in game_event_fields(rules).items():
            for key, schema in fields_of_kind.items():
                own[kind][key] = _merged(own[kind].get(key), schema)
    found: dict[str, JSONSchema] = {}
    mapping: dict[str, str] = {}
    for kind, (description, shared, required) in SHARED_EVENTS.items():
        name = mapping[kind] = f"{camel(kind)}Event"
        properties = {
            "version": view_fields.integer(description="The version this change created."),
            "type": {"type": "string", "enum": [kind]},
            **shared,
            **{key: value for key, value in own[kind].items() if key not in shared},
        }
        found[name] = {
            "type": "object",
            "description": description,
            "required": ["version", "type", *required],
            "properties": properties,
            "additionalProperties": False,
        }
    found["Event"] = {
        "description": "One change, as this viewer may see it (docs/events.md); `type` says which.",
        **_one_of(mapping.values(), "type", mapping),
    }
    return found


def components(
    games: Mapping[str, GameRules] = GAMES, served: Mapping[str, Any] | None = None
) -> dict[str, JSONSchema]:
    """Every derived component of the documented games, and the unions across them:
    `Move`, `LogEntry`, `RoundScore` (anyOf: two games may share a move's shape); views
    carry the `served` fields too (see view_components)."""
    found: dict[str, JSONSchema] = {}
    for rules in games.values():
        found.update(move_components(rules))
        found.update(log_components(rules))
        found.update(round_component(rules))
    for union, suffix, description in UNIONS:
        names = [f"{title(rules)}{suffix}" for rules in games.values()]
        found[union] = {"description": description, "anyOf": [ref(name) for name in names]}
    for rules in games.values():
        found.update(options_component(rules))
        found.update(view_components(rules, served))
    found.update(event_components(games))
    return found


UNIONS = (
    ("Move", "Move", "A move of one of the games (see each game's own Move)."),
    ("LogEntry", "LogEntry", "A record's entry: `deal`, `move`, `reshuffle`, per game."),
    ("RoundScore", "RoundScore", "A completed round: its number, scores, the game's own keys."),
)


# -- the move request, checked against the registry as it is -------------------------


def _union_field(specs: list[MoveField], max_players: int) -> fields.Field[Any]:
    """One field of the request check: what any hosted game's field of that name takes."""
    if all(spec.choices is not None for spec in specs):
        choices = dict.fromkeys(choice for spec in specs for choice in spec.choices or ())
        return fields.String(validate=validate.OneOf(tuple(choices)))
    if any(spec.choices is not None for spec in specs):
        return fields.Raw()  # a string in one game, an integer in another: the engine judges
    low = min(0 if spec.seat else int(spec.minimum or 0) for spec in specs)
    high = max(max_players - 1 if spec.seat else int(spec.maximum or 0) for spec in specs)
    return strict_int(validate=validate.Range(low, high))


def _request_fields(games: Iterable[GameRules]) -> dict[str, fields.Field[Any]]:
    hosted = list(games)
    shapes = [shape for rules in hosted for shape in rules.state_class.MOVES]
    types = tuple(dict.fromkeys(shape.type for shape in shapes))
    by_name: dict[str, list[MoveField]] = {}
    for shape in shapes:
        for spec in shape.fields:
            by_name.setdefault(spec.name, []).append(spec)
    most = max(rules.max_players for rules in hosted)
    found: dict[str, fields.Field[Any]] = {
        "type": fields.String(required=True, validate=validate.OneOf(types))
    }
    found.update({name: _union_field(specs, most) for name, specs in by_name.items()})
    return found


_REQUESTS: dict[tuple[str, ...], type[Schema]] = {}


def move_request_schema() -> type[Schema]:
    """The check of a move request body, `{"move": {...}}`: the move's `type` and the
    fields any hosted game's moves take (the engine then judges the move itself)."""
    key = tuple(GAMES)
    found = _REQUESTS.get(key)
    if found is None:
        move = StrictSchema.from_dict(_request_fields(GAMES.values()), name="MoveCheck")
        attrs: dict[str, fields.Field[Any]] = {"move": fields.Nested(move, required=True)}
        found = type("MoveRequestCheck", (StrictSchema.from_dict(attrs),), {})
        found.error_code = "malformed_move"  # type: ignore[attr-defined]
        _REQUESTS[key] = found
    return found


__all__ = ["camel", "components", "move_request_schema", "ref", "refer", "title"]
