"""The table core (cardtable_engine/table.py): seats, bot seats, If-Match and the served view, the
rules the game service and the SDK's local play share, for every hosted game."""

from __future__ import annotations

import pytest

from cardtable_engine.base import InvalidPlayers
from cardtable_engine.host import StaleVersion
from cardtable_engine.registry import GAMES, UnknownGame
from cardtable_engine.table import BotSeat, Table


def _table(game: str, bot: str = "greedy") -> Table:
    return Table.deal("t1", game, [{"name": " Ann "}, {"name": "Bot", "bot": bot}], seed=3)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_view_carries_the_tables_id_and_bots(game: str) -> None:
    table = _table(game)
    assert [seat.name for seat in table.seats] == ["Ann", "Bot"]
    for viewer in (None, 0, 1):
        view = table.view(viewer)
        assert (view["id"], view["bots"], view["seeded"]) == ("t1", [None, "greedy"], True)
        served = ("id", "bots", *table.table_fields())  # the host's part, engine apart
        assert {k: v for k, v in view.items() if k not in served} == table.state.view(viewer)
        assert view["open_seats"] == 0 and view["left"] == [False, False]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_refusals_change_nothing(game: str) -> None:
    table = _table(game)
    table.play_bots()
    before = table.state.to_dict()
    legal = table.state.legal_moves(0) or [{"type": "pass"}]
    with pytest.raises(BotSeat):
        table.move(1, legal[0])
    with pytest.raises(StaleVersion) as stale:
        table.move(0, legal[0], if_match=table.version + 1)
    assert stale.value.details == {"current_version": table.version}
    assert table.state.to_dict() == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_move_is_answered_by_the_bots_until_a_human_must_act(game: str) -> None:
    table = _table(game)
    first = table.play_bots()
    for _ in range(20):
        if table.state.is_over:
            break
        seat = table.state.active_seats()[0]
        assert seat == 0  # the bots never leave the turn with themselves
        applied = table.move(0, table.state.legal_moves(0)[0], if_match=table.version)
        assert applied[0].seat == 0 and not applied[0].by_bot
        assert all(entry.by_bot and entry.seat == 1 for entry in applied[1:])
        versions = [entry.version for entry in applied]
        assert versions == list(range(versions[0], table.version + 1))
    assert all(entry.by_bot for entry in first)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hosts_table_changes_count_in_the_version_if_match_names(game: str) -> None:
    """A live table (the game service's) counts its own changes, joins and leaves, in the
    version: If-Match and the versions its moves create count them too."""
    table = _table(game)
    table.play_bots(changes=3)
    legal = table.state.legal_moves(0)
    with pytest.raises(StaleVersion) as stale:
        table.move(0, legal[0], if_match=table.version, changes=3)
    assert stale.value.details == {"current_version": table.version + 3}
    applied = table.move(0, legal[0], if_match=table.version + 3, changes=3)
    assert [entry.version for entry in applied][-1] == table.version + 3
    assert applied[0].version == applied[-1].version - len(applied) + 1


def test_players_are_checked_by_the_table() -> None:
    with pytest.raises(InvalidPlayers, match="unknown bot"):
        Table.deal("t", "skyjo", [{"name": "A"}, {"name": "B", "bot": "genius"}])
    with pytest.raises(InvalidPlayers, match="longer than 40"):
        Table.deal("t", "skyjo", [{"name": "A"}, {"name": "B" * 41}])
    with pytest.raises(UnknownGame):
        Table.deal("t", "chess", [{"name": "A"}, {"name": "B"}])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_of_bots_only_is_played_to_its_end(game: str) -> None:
    players = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "greedy"}]
    table = Table.deal("t", game, players, options=None, seed=1)
    applied = table.play_bots(max_moves=100_000)  # a bound, should the bots never end it
    assert table.state.is_over
    assert len(applied) == table.version
