"""The turn timer's take-over never comes after the game is over: when the timed-out turn
that hands a seat to the bot is also the turn that ends the game, the `takeover` change
comes first (a finished game's version never changes again, and no seat of a finished
game is marked as taken over after its end)."""

from __future__ import annotations

import random
from typing import Any

from cardtable.games.live_table import Game, new_game
from cardtable.games.timers import catch_up

TURN = 30
START = 1_800_000_000.0


def _play(seed: int, takeover_after: int) -> tuple[Game, int, bool]:
    """Seat 0 plays a hasty move at once, seat 1 never moves (the timer plays it).
    Returns the game, seat 1's timeouts and whether the timer's move ended the game."""
    now = START
    players: list[dict[str, Any]] = [{"name": "Ann"}, {"name": "Ben"}]
    game, _, _ = new_game("skyjo", players, {"max_rounds": 1}, seed, now=now, turn_seconds=TURN)
    game.renew_deadline(now, None, force=True)
    by_timer = False
    rng = random.Random(seed)
    while not game.finished:
        if 0 in game.state.active_seats() and game.hosting.deadline_seats != [1]:
            game.move_at(0, _hasty(game.state.legal_moves(0), rng), None, now)
            by_timer = False
            continue
        now = (game.hosting.deadline or now) + 1
        catch_up(game, now, takeover_after)
        by_timer = True
    return game, game.seats[1].timeouts, by_timer


def _hasty(moves: list[Any], rng: random.Random) -> Any:
    """A move that reveals a card whenever one does: seat 0 then often ends the round first,
    and seat 1's timed-out turn is the game's last."""
    for kind in ("reveal", "discard_and_reveal", "draw"):
        found = [move for move in moves if move["type"] == kind]
        if found:
            return rng.choice(found)
    return rng.choice(moves)


def test_the_takeover_that_ends_the_game_comes_before_game_end() -> None:
    checked = 0
    for seed in range(40):
        game, timeouts, by_timer = _play(seed, takeover_after=10**6)
        if not by_timer:
            continue
        # The same game again, the seat handed over at exactly the turn that ends it.
        game, _, by_timer = _play(seed, takeover_after=timeouts)
        assert by_timer and game.finished
        takeovers = [entry for entry in game.table_log if entry["type"] == "takeover"]
        assert [entry["seat"] for entry in takeovers] == [1]
        final_moves = game.state.version
        assert all(entry["at_move"] < final_moves for entry in game.table_log), game.table_log
        assert game.table_log[-1]["version"] < game.version  # the last change is a move
        checked += 1
        if checked == 3:
            break
    assert checked, "no seed where the timer's move ends the game"
