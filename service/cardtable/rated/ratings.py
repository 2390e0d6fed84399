"""Ratings: OpenSkill's Plackett-Luce model (Weng-Lin), one rating (mu, sigma) per player
and game, updated exactly once per rated game from its final standings; leaderboards as
Redis sorted sets. docs/rated-play.md gives the parameters and why.

Exactly once: when a rated game is read or written finished (`GameService.on_finished`),
`Ratings.settle` runs. The result of the game (every seat's rating before and after) is
computed once and kept with SETNX-like HSETNX in a hash in the game's own slot
(`<game key>:ratings`): whoever computes first wins, every later settle reads it. Each
player's share is then applied by a script that counts a game id once per player
(lua/rating_apply.lua), and the leaderboards are set from the player's stored rating;
`done` is written last, so a settle cut short (a crash, a lost reply) is finished by the
next read of the game, and a finished one costs one HGET.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from openskill.models import PlackettLuce

from cardtable.games.live_table import Game, iso_utc
from cardtable.rated.skill import BETA, MU, SIGMA, TAU, Rating, displayed, rating_of
from cardtable.rated.teams import partnerships, team_of_seat, team_standing_keys
from cardtable.store import RedisClient
from cardtable.store.scripts import lua

if TYPE_CHECKING:
    from cardtable.rated.players import Players

log = logging.getLogger("cardtable.rated")


class SetSettling(Protocol):
    """How a game of a duplicate set is settled: with its set, never alone
    (cardtable.rated.duplicate.SetRatings; named here so this module imports nothing of
    it)."""

    def settle(self, game: Game) -> bool: ...

    def is_settled(self, set_id: str) -> bool: ...

    def of_game(self, game: Game) -> list[dict[str, Any]] | None: ...

    def score_set(self, game: Game) -> dict[str, Any] | None: ...


HISTORY_KEPT = 1000
RESULT_TTL_SECONDS = 90 * 24 * 3600
"""How long a game's rating result stays readable (its score's `ratings`)."""
LEADERBOARD_PAGE = 50
LEADERBOARD_PAGE_MAX = 200
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)
SHOWN = ("seat", "player", "before", "after", "placement", "team")
"""A seat's entry in the score's `ratings` (`team`: Skip-Bo teams only)."""


# ---- standings ---------------------------------------------------------------------------


def placements(game: Game) -> list[int]:
    """Each seat's place (1 = first; equal places tie) by the game's own scoring: Skyjo
    lower total first; Skip-Bo higher total first, and in a single round the winner first,
    then fewer stock cards left. A player who left places last (tied with other leavers)."""
    score = game.state.score()
    totals: list[int] = score["totals"]
    winners = set(score.get("winners", []))
    left = [seat.bot_reason == "left" for seat in game.seats]
    keys: list[tuple[Any, ...]] = []
    for seat, total in enumerate(totals):
        if game.game == "skyjo":
            key: tuple[Any, ...] = (total,)
        else:
            rounds = score.get("rounds", [])
            stocks = rounds[-1].get("stocks_left") if len(rounds) == 1 else None
            key = (-total, 0 if seat in winners else 1, stocks[seat] if stocks else 0)
        keys.append((1 if left[seat] else 0, *key))
    return ranks(keys)


def ranks(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Each key's place, lowest key first (1 = first; equal keys tie)."""
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def rate(
    before: Sequence[Rating],
    places: Sequence[int],
    teams: Sequence[Sequence[int]] | None = None,
) -> list[tuple[float, float]]:
    """(mu, sigma) after the game, per seat. `teams`: the seats of each team, `places` then
    one per team (OpenSkill's team model: the team's skill is its members' sum; each
    member moves by its share of the team's uncertainty); None: every seat alone."""
    teams = teams or [[seat] for seat in range(len(before))]
    rated = MODEL.rate(
        [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma) for s in team] for team in teams],
        ranks=list(places),
    )
    after = [(0.0, 0.0)] * len(before)
    for team, members in zip(teams, rated, strict=True):
        for seat, member in zip(team, members, strict=True):
            after[seat] = (member.mu, member.sigma)
    return after


# ---- settling a game ---------------------------------------------------------------------


class Ratings:
    def __init__(self, redis: RedisClient, prefix: str, players: Players) -> None:
        self.redis = redis
        self.prefix = prefix
        self.players = players
        self._apply = redis.register_script(lua("rating_apply"))
        self.sets: SetSettling | None = None
        """A game of a duplicate set is rated with its set (cardtable.rated.duplicate)."""

    def result_key(self, game_id: str) -> str:
        return f"{self.prefix}:game:{{{game_id}}}:ratings"

    def leaderboard_key(self, game: str, kind: str | None) -> str:
        return f"{self.prefix}:leaderboard:{{{game}}}:{kind or 'all'}"

    def settle(self, game: Game) -> bool:
        """Apply a finished rated game to its players' ratings, at most once (see above);
        a failure is logged and finished by the next read of the game or the settle sweep
        (cardtable.rated.sweep). True when this call finished the settle (wrote `done`)."""
        if not (game.hosting.rated and game.finished and game.hosting.players):
            return False
        if game.hosting.rated_set:  # rated with its set only, never alone
            return self.sets.settle(game) if self.sets is not None else False
        try:
            return self._settle(game)
        except Exception:
            log.exception(
                "rated game %s: ratings not settled yet (the next read retries)", game.game_id
            )
            return False

    def is_settled(self, game_id: str) -> bool:
        return bool(self.redis.hexists(self.result_key(game_id), "done"))

    def is_game_settled(self, game: Game) -> bool:
        """Whether `game`'s ratings are settled: its own, or for a game of a duplicate set
        the set's (settled once, when its last game is over)."""
        if game.hosting.rated_set and self.sets is not None:
            return self.sets.is_settled(game.hosting.rated_set["id"])
        return self.is_settled(game.game_id)

    def _settle(self, game: Game) -> bool:
        key = self.result_key(game.game_id)
        done, stored = self.redis.hmget(key, "done", "result")
        if done:
            return False
        if stored is None:
            self.redis.hsetnx(key, "result", json.dumps(self._result(game)))
            self.redis.expire(key, RESULT_TTL_SECONDS)
            stored = self.redis.hget(key, "result")
        result = json.loads(stored)
        self.apply_shares(game.game_id, game, result["seats"], game.game_id)
        self.redis.hset(key, "done", "1")
        return True

    def apply_shares(
        self,
        counted_id: str,
        game: Game,
        entries: list[dict[str, Any]],
        history_game_id: str,
        **history_extra: Any,
    ) -> None:
        """Apply each player's share of a settled result, with its history entry: the
        rating script (lua/rating_apply.lua) counts `counted_id` (a game's id, or a
        duplicate set's) once per player, whoever applies it and however often."""
        when = iso_utc(time.time())
        for entry in entries:
            player = entry["player"]
            history = {
                "game_id": history_game_id,
                "game": game.game,
                "date": when,
                "placement": entry["placement"],
                "players": len(entries),
                "before": entry["before"],
                "after": entry["after"],
                **history_extra,
            }
            self._apply(
                keys=[
                    self.players.key_for(player),
                    self.players.rated_key(player),
                    self.players.history_key(player),
                ],
                args=[
                    counted_id,
                    game.game,
                    repr(entry["mu_after"] - entry["mu_before"]),
                    repr(entry["sigma_after"]),
                    json.dumps(history),
                    HISTORY_KEPT,
                    repr(MU),
                ],
            )
            self._rank(player, game.game)

    def _result(self, game: Game) -> dict[str, Any]:
        ids = list(game.hosting.players or [])
        pipe = self.redis.pipeline(transaction=False)
        for player in ids:
            pipe.hgetall(self.players.key_for(player))
        stored = [{k.decode(): v.decode() for k, v in raw.items()} for raw in pipe.execute()]
        before = [rating_of(fields, game.game) for fields in stored]
        teams = partnerships(game)
        if teams is None:
            places = placements(game)
            after = rate(before, places)
        else:  # partners share their team's place (cardtable.rated.teams)
            team_places = ranks(team_standing_keys(game, teams))
            after = rate(before, team_places, teams)
            places = [team_places[team_of_seat(teams, seat)] for seat in range(len(ids))]
        seats = []
        for seat, player in enumerate(ids):
            mu, sigma = after[seat]
            entry = {
                "seat": seat,
                "player": player,
                "placement": places[seat],
                "before": before[seat].rating,
                "after": displayed(mu, sigma),
                "mu_before": before[seat].mu,
                "mu_after": mu,
                "sigma_after": sigma,
            }
            if teams is not None:
                entry["team"] = team_of_seat(teams, seat)
            seats.append(entry)
        return {"seats": seats}

    def _rank(self, player: str, game: str) -> None:
        """Set the player's place on the game's leaderboards from its stored rating."""
        fields = self.players.require(player)
        rating = rating_of(fields, game)
        if rating.games < 1:
            return
        pipe = self.redis.pipeline(transaction=False)
        for kind in (None, fields.get("kind", "human")):
            pipe.zadd(self.leaderboard_key(game, kind), {player: rating.rating})
        pipe.execute()

    def of_game(self, game: Game) -> list[dict[str, Any]] | None:
        """The score's `ratings`: per seat, its player and displayed rating before and after
        (None: not a rated game, or not settled yet)."""
        if not game.hosting.rated:
            return None
        if game.hosting.rated_set:
            return self.sets.of_game(game) if self.sets is not None else None
        stored = self.redis.hget(self.result_key(game.game_id), "result")
        if stored is None:
            return None
        return [{k: entry[k] for k in SHOWN if k in entry} for entry in json.loads(stored)["seats"]]

    def leaderboard(
        self, game: str, kind: str | None, limit: int | None, cursor: str | None
    ) -> tuple[list[dict[str, Any]], str | None]:
        """A page of the game's leaderboard (all players, or one kind), highest first."""
        start = int(cursor) if cursor else 0
        size = min(limit or LEADERBOARD_PAGE, LEADERBOARD_PAGE_MAX)
        ranked = self.redis.zrevrange(
            self.leaderboard_key(game, kind), start, start + size, withscores=True
        )
        page = [(member.decode(), score) for member, score in ranked[:size]]
        names = self.players.names([player for player, _ in page])
        pipe = self.redis.pipeline(transaction=False)
        for player, _ in page:
            pipe.hget(self.players.key_for(player), f"games:{game}")
        counts = pipe.execute()
        players = [
            {
                "id": player,
                "name": names.get(player, {}).get("name", ""),
                "kind": names.get(player, {}).get("kind", kind or "human"),
                "rating": score,
                "games": int(count or 0),
                "rank": start + index + 1,
            }
            for index, ((player, score), count) in enumerate(zip(page, counts, strict=True))
        ]
        return players, str(start + size) if len(ranked) > size else None
