"""Rated play's standings and rating model, on real finished games of both engines: the
places follow each game's own scoring, ties share a place, leavers place last, and the
model moves winners up and losers down."""

from __future__ import annotations

import pytest

from cardtable.games.live_table import Game, new_game
from cardtable.rated.ratings import placements, rate
from cardtable.rated.skill import MU, SIGMA, Rating, displayed


def finished(game: str, seats: int, seed: int, leaver: int | None = None) -> Game:
    players = [{"name": f"P{i}", "bot": "greedy" if i % 2 else "random"} for i in range(seats)]
    played, _, _ = new_game(game, players, None, seed, now=0)
    if leaver is not None:
        played.seats[leaver].bot_reason = "left"
    while not played.finished:
        played.play_bots()
    return played


@pytest.mark.parametrize("seed", range(6))
def test_skyjo_places_lower_totals_first(seed: int) -> None:
    game = finished("skyjo", 4, seed)
    totals = game.state.score()["totals"]
    places = placements(game)
    for a in range(4):
        for b in range(4):
            assert (places[a] < places[b]) == (totals[a] < totals[b])
    assert min(places) == 1


@pytest.mark.parametrize("seed", range(6))
def test_skipbo_single_round_winner_first_then_fewer_stock_cards(seed: int) -> None:
    game = finished("skipbo", 3, seed)
    score = game.state.score()
    places = placements(game)
    (only_round,) = score["rounds"]
    for winner in score["winners"]:
        assert places[winner] == 1
    stocks = only_round["stocks_left"]
    losers = [s for s in range(3) if s not in score["winners"]]
    for a in losers:
        for b in losers:
            if score["totals"][a] == score["totals"][b]:
                assert (places[a] < places[b]) == (stocks[a] < stocks[b])


def test_a_leaver_places_last_whatever_its_bot_scored() -> None:
    for seed in range(4):
        game = finished("skyjo", 3, seed, leaver=0)
        places = placements(game)
        assert places[0] == 3 and max(places[1:]) <= 2


def test_two_players_winner_up_loser_down_ties_share() -> None:
    new = Rating(MU, SIGMA, 0)
    (win_mu, win_sigma), (lose_mu, lose_sigma) = rate([new, new], [1, 2])
    assert displayed(win_mu, win_sigma) > new.rating > displayed(lose_mu, lose_sigma)
    (a_mu, _), (b_mu, _) = rate([new, new], [1, 1])
    assert a_mu == pytest.approx(b_mu)
    assert new.rating == 1000.0  # a new player shows the base, conservatively
