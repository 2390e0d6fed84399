"""Rated play's standings and rating model, on real finished games of both engines: the
places follow each game's own scoring, ties share a place, leavers place last, and the
model moves winners up and losers down."""

from __future__ import annotations

import pytest

from cardtable.games.live_table import Game, new_game
from cardtable.rated.ratings import placements, ranks, rate
from cardtable.rated.skill import MU, SIGMA, Rating, displayed
from cardtable.rated.teams import partnerships, team_standing_keys


def finished(
    game: str, seats: int, seed: int, leaver: int | None = None, teams: bool = False
) -> Game:
    players = [{"name": f"P{i}", "bot": "greedy" if i % 2 else "random"} for i in range(seats)]
    options = {"teams": True} if teams else None
    played, _, _ = new_game(game, players, options, seed, now=0)
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


@pytest.mark.parametrize(("seats", "seed"), [(4, 1), (4, 2), (6, 3), (6, 4)])
def test_skipbo_teams_the_winning_team_first_then_fewer_stock_cards(seats: int, seed: int) -> None:
    game = finished("skipbo", seats, seed, teams=True)
    teams = partnerships(game)
    half = seats // 2
    assert teams == [[first, first + half] for first in range(half)]
    score = game.state.score()
    places = ranks(team_standing_keys(game, teams))
    (only_round,) = score["rounds"]
    stocks = only_round["stocks_left"]
    for team, place in zip(teams, places, strict=True):
        assert (place == 1) == bool(set(team) & set(score["winners"]))
    losers = [i for i, team in enumerate(teams) if not set(team) & set(score["winners"])]
    for a in losers:
        for b in losers:
            left_a, left_b = (sum(stocks[s] for s in teams[i]) for i in (a, b))
            assert (places[a] < places[b]) == (left_a < left_b)


def test_a_leavers_team_places_last() -> None:
    game = finished("skipbo", 4, 5, leaver=1, teams=True)
    assert ranks(team_standing_keys(game, [[0, 2], [1, 3]])) == [1, 2]


def test_teams_winners_up_losers_down_partners_alike() -> None:
    new = Rating(MU, SIGMA, 0)
    after = rate([new] * 4, [2, 1], [[0, 2], [1, 3]])
    shown = [displayed(mu, sigma) for mu, sigma in after]
    assert shown[1] == shown[3] > new.rating > shown[0] == shown[2]
