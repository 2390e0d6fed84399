"""The primitives both services share: one name rule for games and sheets, tokens stored as
hashes and matched in constant time, ids, and the If-Match check."""

from __future__ import annotations

import pytest

from cardtable_engine.base import InvalidPlayers
from cardtable_engine.host import (
    MAX_NAME_LENGTH,
    InvalidToken,
    StaleVersion,
    check_if_match,
    check_name,
    check_names,
    hash_token,
    match_token,
    new_id,
    new_token,
)


def test_names_are_trimmed_and_bounded_after_trimming() -> None:
    assert check_name("  Ann  ", 0) == "Ann"
    assert check_name(" " + "x" * MAX_NAME_LENGTH + " ", 0) == "x" * MAX_NAME_LENGTH
    for bad in ("", "   ", "x" * (MAX_NAME_LENGTH + 1), "\ud800", 7, None):
        with pytest.raises(InvalidPlayers):
            check_name(bad, 3)


def test_a_name_list_must_be_a_list() -> None:
    assert check_names(["A", " B"]) == ["A", "B"]
    with pytest.raises(InvalidPlayers, match="list of names"):
        check_names("AB")


def test_tokens_match_by_their_hash_only() -> None:
    tokens = [new_token() for _ in range(3)]
    hashes = [hash_token(token) for token in tokens]
    assert len(set(tokens)) == 3 and all(token not in hashes for token in tokens)
    assert [match_token(hashes, token) for token in tokens] == [0, 1, 2]
    with pytest.raises(InvalidToken):
        match_token(hashes, "not-a-token")
    with pytest.raises(InvalidToken):
        match_token([None, ""], "")  # seats without a hash match nothing


def test_ids_are_unique_and_url_safe() -> None:
    ids = {new_id() for _ in range(100)}
    assert len(ids) == 100 and all(i.replace("-", "").replace("_", "").isalnum() for i in ids)


def test_if_match_must_name_the_current_version() -> None:
    check_if_match(None, 4)
    check_if_match(4, 4)
    with pytest.raises(StaleVersion) as stale:
        check_if_match(3, 4, "sheet")
    assert stale.value.details == {"current_version": 4} and "sheet" in stale.value.message
