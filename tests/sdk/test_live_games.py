"""Full games on a real server (gunicorn + Redis) played by SDK bots: against server bots,
two SDK bots in one game, and the same seeded game played locally giving the same views."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from cardtable_engine.registry import GAMES
from cardtable_sdk import Cardtable, MoveList, PlayResult, Turn, View, play
from cardtable_sdk.local import LocalGame


def first_move_bot(view: View, legal: MoveList) -> dict[str, Any]:
    """Deterministic, so a game can be played twice identically."""
    return legal[0]


def random_bot(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda view, legal: rng.choice(legal)


def check_record(record: dict[str, Any], score: dict[str, Any]) -> None:
    """The record replays, without any server RNG, to the score the server reports."""
    replayed = GAMES[record["game"]].replay(record)
    assert replayed.is_over
    assert replayed.score() == score == record["score"]


@pytest.mark.parametrize(
    ("game", "options", "opponent"),
    [
        ("skyjo", None, "greedy"),
        ("skipbo", {"stock_size": 10}, "greedy"),
        ("skipbo", {"stock_size": 5, "stop_rule": "english"}, "random"),
    ],
)
def test_an_sdk_bot_plays_a_whole_game_against_a_server_bot(
    table: Cardtable, game: str, options: dict[str, Any] | None, opponent: str
) -> None:
    created = table.create_game(game, ["SDK", ("Server", opponent)], options=options, seed=11)
    seat = created.seat(0)
    turns: list[Turn] = []
    result = play(seat, random_bot(1), on_move=lambda turn, move, res: turns.append(turn))
    assert result.score["finished"] and result.view.finished
    # A single-round Skip-Bo game may end drawn (no winner); a Skyjo game always has one.
    assert set(result.score["winners"]) <= {0, 1}
    assert result.score["winners"] or game == "skipbo"
    assert result.moves == len(turns) > 0
    record = seat.record()
    assert sum(1 for e in record["log"] if e["type"] == "move" and e["seat"] == 0) == result.moves
    check_record(record, result.score)
    # Every decision was made on a view of this seat whose turn it was, with its legal moves.
    assert all(t.view.seat == 0 and t.view.is_my_turn and t.legal_moves for t in turns)


def test_an_sdk_bot_plays_against_two_server_bots(table: Cardtable) -> None:
    created = table.create_game(
        "skyjo", [("Random", "random"), "SDK", ("Greedy", "greedy")], seed=5
    )
    assert [p.bot for p in created.players] == ["random", None, "greedy"]
    assert [s.seat for s in created.human_seats()] == [1]
    result = play(created.seat(1), random_bot(2))
    assert result.seat == 1 and result.score["finished"]
    check_record(created.spectate().record(), result.score)


@pytest.mark.parametrize(
    ("game", "options"), [("skyjo", {"end_score": 40}), ("skipbo", {"stock_size": 8})]
)
def test_two_sdk_bots_share_one_game_from_two_threads(
    table: Cardtable, game: str, options: dict[str, Any]
) -> None:
    created = table.create_game(game, ["Ann", "Ben"], options=options, seed=3)
    results: dict[int, PlayResult] = {}
    failures: list[BaseException] = []

    def run(seat_number: int) -> None:
        try:
            # Each thread its own session: sessions are not shared between threads.
            session = table.seat(created.id, created.players[seat_number].token)
            results[seat_number] = play(session, random_bot(seat_number), wait=2.0, idle_timeout=60)
        except BaseException as error:  # reported by the main thread
            failures.append(error)

    threads = [threading.Thread(target=run, args=(s,)) for s in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=240)
    assert not failures, failures
    assert results[0].score == results[1].score
    assert results[0].score["finished"]
    record = created.spectate().record()
    moves = [e for e in record["log"] if e["type"] == "move"]
    # Every move each runner reports as applied is in the record, exactly once in total.
    assert len(moves) == results[0].moves + results[1].moves == results[0].view.version
    check_record(record, results[0].score)


def swap_forever(view: View, legal: MoveList) -> dict[str, Any]:
    """The issue's endless game: every turn takes the discard into a face-up cell."""
    grid = view["players"][view["seat"]]["grid"]
    for move in legal:
        if move["type"] == "take_discard" and isinstance(grid[move["row"] * 4 + move["col"]], int):
            return move
    return legal[0]


def test_two_sdk_bots_that_never_end_a_round_still_finish_by_the_default_turn_cap(
    table: Cardtable,
) -> None:
    """No option set, no server bot: the rules' default `max_turns` ends the round, scored as
    it lies, and both `play()` calls return."""
    created = table.create_game("skyjo", ["Ann", "Ben"], options={"max_rounds": 1}, seed=46)
    assert created.options["max_turns"] == 100
    results: dict[int, PlayResult] = {}
    failures: list[BaseException] = []

    def run(seat_number: int) -> None:
        try:
            session = table.seat(created.id, created.players[seat_number].token)
            results[seat_number] = play(session, swap_forever, wait=2.0, idle_timeout=60)
        except BaseException as error:  # reported by the main thread
            failures.append(error)

    threads = [threading.Thread(target=run, args=(s,)) for s in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=240)
    assert not failures, failures
    assert results[0].score["finished"] and results[0].score == results[1].score
    # Every turn after the reveals swapped the discard: the round lasted exactly the cap.
    assert results[0].moves + results[1].moves == 2 * 2 + 2 * 100
    check_record(created.spectate().record(), results[0].score)


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_local_play_sees_exactly_what_the_server_shows(table: Cardtable, game: str) -> None:
    """The same seeded game, against the same engine bot, played over HTTP and locally:
    the bot sees identical views and legal moves, and the records are identical."""
    options = {"stock_size": 6} if game == "skipbo" else {"end_score": 30}
    players = ["SDK", ("Server", "greedy")]

    def played(seat: Any) -> tuple[list[Turn], dict[str, Any]]:
        turns: list[Turn] = []
        play(seat, first_move_bot, on_move=lambda turn, move, res: turns.append(turn))
        return turns, seat.record()

    online = table.create_game(game, players, options=options, seed=2024)
    remote_turns, remote_record = played(online.seat(0))
    local = LocalGame(game, players, options=options, seed=2024)
    local_turns, local_record = played(local.seat(0))

    assert len(remote_turns) == len(local_turns) > 3
    for remote, here in zip(remote_turns, local_turns, strict=True):
        assert remote.view.pop("id") == online.id
        assert here.view.pop("id") == local.id
        assert remote.view == here.view
        assert remote.legal_moves == here.legal_moves
    assert remote_record == local_record
    assert online.options == local.options


def test_game_types_describe_both_games(table: Cardtable) -> None:
    types = {t.game: t for t in table.game_types()}
    assert set(types) == {"skyjo", "skipbo"}
    skyjo = types["skyjo"]
    assert (skyjo.min_players, skyjo.max_players) == (2, 8)
    assert {o.name for o in skyjo.options} >= {"end_score", "initial_reveals", "max_rounds"}
    assert sorted(skyjo.bots) == ["expert", "greedy", "random", "search"]
    assert {o.name: o.default for o in types["skipbo"].options}["stop_rule"] == "french"


def test_a_spectator_sees_public_information_and_the_score(table: Cardtable) -> None:
    created = table.create_game("skyjo", ["A", "B"], seed=8)
    seat = created.seat(0)
    turn = seat.turn()
    assert turn.view.is_my_turn and turn.legal_moves.version == turn.view.version == 0
    seat.move(turn.legal_moves[0])
    watcher = created.spectate()
    public = watcher.view()
    assert public.seat is None and public.version == 1
    assert public["players"][0]["grid"].count(None) == 11  # only the revealed card shows
    assert watcher.score() == {"finished": False, "rounds": [], "totals": [0, 0], "winners": []}
    assert "Spectator" in repr(watcher) and "spectator" in repr(public)
