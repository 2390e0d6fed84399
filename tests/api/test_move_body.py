"""The hand-written check of a move body accepts only what the move request check (derived
from the hosted games' declared moves) accepts, and returns exactly what it loads;
everything else is left to the schema."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from cardtable.api.move_body import _quick, quick_check
from cardtable.api.schemas.derived import move_request_schema
from tests.api.conftest import Api

FIELDS = ["type", "row", "col", "source", "card", "target", "pile", "owner", "extra"]
VALUES = st.one_of(
    st.integers(-2, 14),
    st.booleans(),
    st.floats(-1, 13, allow_nan=False),
    st.none(),
    st.sampled_from(["reveal", "draw", "play", "discard", "hand", "stock", "fly", "1", ""]),
    st.lists(st.integers(0, 3), max_size=2),
)
MOVES = st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=5)
BODIES = st.one_of(
    st.builds(lambda move: {"move": move}, MOVES),
    st.builds(lambda move, other: {"move": move, "other": other}, MOVES, VALUES),
    VALUES,
    MOVES,
)


def _schema(body: Any) -> Any:
    try:
        return move_request_schema()().load(body)
    except ValidationError:
        return None


def test_the_quick_check_covers_every_field_of_the_schema() -> None:
    assert quick_check().rules is not None  # else every move would take the slow path


@pytest.mark.parametrize(
    "body",
    [
        {"move": {"type": "reveal", "row": 0, "col": 3}},
        {"move": {"col": 1, "type": "replace", "row": 2}},
        {"move": {"type": "play", "source": "hand", "card": 0, "target": 3}},
        {"move": {"type": "discard", "card": 12, "pile": 0, "owner": 1}},
        {"move": {"type": "draw"}},
    ],
)
def test_plain_moves_take_the_quick_path_and_load_as_the_schema_does(body: Any) -> None:
    quick = _quick(body)
    assert quick is not None
    loaded = move_request_schema()().load(body)
    assert quick == loaded and list(quick["move"]) == list(loaded["move"])


@settings(max_examples=400, deadline=None)
@given(BODIES)
def test_what_the_quick_check_accepts_the_schema_loads_identically(body: Any) -> None:
    quick = _quick(body)
    if quick is not None:
        loaded = _schema(body)
        assert loaded == quick and list(loaded["move"]) == list(quick["move"])


@pytest.mark.parametrize(
    "move",
    [{"type": "reveal", "row": True, "col": 0}, {"type": "fly"}, {"type": "draw", "x": 1}, []],
)
def test_refusals_are_the_schemas_own(api: Api, move: Any) -> None:
    created = api.create("skyjo", 2, seed=3)
    token = created["players"][0]["token"]
    answer = api.move(created["id"], token, move)
    body = answer.get_json()
    assert (answer.status_code, body["code"]) == (422, "malformed_move")
    with pytest.raises(ValidationError) as refused:
        move_request_schema()().load({"move": move})
    # As webargs has always put them: by location, under the parser's own "json".
    assert body["details"]["fields"] == {"json": {"json": refused.value.messages}}
