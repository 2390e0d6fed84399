"""Duplicate sets: bot-only rated matches played as the same deal from every seat rotation,
rated once on the whole set, so that the luck of the deal cancels (docs/rated-play.md,
"Duplicate sets").

A ticket queued with `"format": "duplicate"` (a bot player against bots only) is matched
like any other, with tickets of its own format only (queue_match.lua). A match of n players
is then n rated live tables dealt from one seed: in rotation r, the player seated at seat i
of rotation 0 sits at seat (i + r) mod n. The set's id is the match's id; each game's id is
derived from it (`game_id_of`), so whoever creates the games (the matching request, or a
later poll when that request died) creates the same ones. The seed is derived from the set
id with a server secret: the same on every replica, known to no client.

Ratings change once per set, when its last game ends: each game, once over, keeps its
share of the standings (`standing`) in the set's hash (its own slot); the one that finds
every share there rates the set's standings by the game's scoring (`set_placements`) as
one game with OpenSkill, stores the result once (HSETNX) and applies it to each player by
the same script as a single game's (rating_apply.lua), counting the set's id once per
player. Every game of the set then shows
the same result in its score, mapped onto its own seats.

A game of a set reveals, in its record, the cards that the other rotations still hide:
records are refused until every game of the set is over (`SetInPlay`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
from typing import TYPE_CHECKING, Any

from cardtable.games.live_table import Game
from cardtable.rated.ratings import RESULT_TTL_SECONDS, rate
from cardtable.rated.skill import displayed, rating_of
from cardtable.store import NotFound, RedisClient
from cardtable.store.secrets import SharedSecret
from cardtable_engine.host import ServiceError

if TYPE_CHECKING:
    from cardtable.games.service import GameService
    from cardtable.rated.ratings import Ratings

log = logging.getLogger("cardtable.rated")

SINGLE, DUPLICATE = "single", "duplicate"
FORMATS = (SINGLE, DUPLICATE)
"""How a ticket is played once matched: one game, or a duplicate set (bots only)."""


class DuplicateNeedsBots(ServiceError):
    code = "duplicate_needs_bots"


class SetInPlay(ServiceError):
    code = "set_in_play"


def rotation_ticket(ticket: str, rotation: int) -> str:
    """What a rotation's seat token is derived from (rotation 0: the ticket itself, so the
    contract's `token` of a matched ticket is that of the set's first game)."""
    return ticket if rotation == 0 else f"{ticket}/{rotation}"


def game_id_of(set_id: str, rotation: int) -> str:
    """The id of a set's game of `rotation` (128 bits, like every game id)."""
    digest = hashlib.sha256(f"cardtable duplicate game\n{set_id}\n{rotation}".encode())
    return base64.urlsafe_b64encode(digest.digest()[:16]).rstrip(b"=").decode()


def seat_in(first_seat: int, rotation: int, size: int) -> int:
    """The seat, in rotation `rotation`, of the player seated at `first_seat` in rotation 0."""
    return (first_seat + rotation) % size


def set_key(prefix: str, set_id: str) -> str:
    """The set's hash, in its own slot: each finished game's share of the standings
    (`game:<index>`), then the `result` and `done`."""
    return f"{prefix}:set:{{{set_id}}}:ratings"


def rotated(seats: list[dict[str, Any]], rotation: int, hashes: dict[str, list[Any]]) -> list[Any]:
    """The match's seats (rotation 0's, in seat order) for `rotation`: each player moved
    on by `rotation` seats, with its seat token hash of that rotation (`hashes`: per
    ticket, one hash a rotation; server bots have none)."""
    size = len(seats)
    moved: list[dict[str, Any]] = [{} for _ in seats]
    for seat in seats:
        place = seat_in(seat["seat"], rotation, size)
        kept = hashes.get(seat["ticket"]) if seat["ticket"] else None
        token = kept[rotation] if kept else None  # None: a token nobody holds
        moved[place] = {**seat, "seat": place, "token_sha256": token or False}
    return moved


class DuplicateSets:
    """The seed and games of a set, and the guard on its records."""

    def __init__(self, redis: RedisClient, prefix: str, games: GameService) -> None:
        self.redis = redis
        self.prefix = prefix
        self.games = games
        self.secret = SharedSecret(redis, f"{prefix}:secret:duplicate")

    def seed(self, set_id: str) -> int:
        """The set's deal: derived from its id by a server secret (no client can know it)."""
        digest = hmac.new(self.secret.value(), f"cardtable deal\n{set_id}".encode(), "sha256")
        # 64 bits: the most a stored seed holds (and a client's seed may be).
        return int.from_bytes(digest.digest()[:8], "big")

    def games_of(self, set_id: str, size: int) -> list[str]:
        return [game_id_of(set_id, rotation) for rotation in range(size)]

    def complete(self, set_id: str, size: int) -> bool:
        """Every game of the set exists (they are created in rotation order, so the last
        one's existence says every other was created first)."""
        try:
            self.games.store.current_version(game_id_of(set_id, size - 1))
        except NotFound:
            return False
        return True

    def check_record(self, game: Game) -> None:
        """Refuse a set's record while another of its games is not over: the same deal
        from other seats would show the cards those games still hide."""
        rated_set = game.hosting.rated_set
        if not rated_set:
            return
        kept = {name.decode() for name in self.redis.hkeys(set_key(self.prefix, rated_set["id"]))}
        if "result" in kept:
            return  # every game of the set is over
        for rotation, game_id in enumerate(self.games_of(rated_set["id"], rated_set["size"])):
            if game_id == game.game_id or f"game:{rotation}" in kept:
                continue  # over (its share of the standings is kept)
            try:
                other = self.games.peek(game_id)
            except NotFound:
                continue  # expired long after the set: nothing left to hide
            if not other.finished:
                raise SetInPlay(
                    "this game's duplicate set is still being played: its records come once "
                    "every game of the set is over (the same deal is played from other seats)"
                )


def standing(game: Game) -> dict[str, list[int]]:
    """One finished game's share of its set's standings, per player: [left it (1/0), its
    total, won it (1/0), stock cards left] (the last two count in Skip-Bo only)."""
    score = game.state.score()
    winners = set(score.get("winners", []))
    rounds = score.get("rounds", [])
    stocks = rounds[-1].get("stocks_left") if rounds else None
    return {
        player: [
            1 if game.seats[seat].bot_reason == "left" else 0,
            score["totals"][seat],
            1 if seat in winners else 0,
            stocks[seat] if stocks else 0,
        ]
        for seat, player in enumerate(game.hosting.players or [])
    }


def set_placements(game: str, standings: list[dict[str, list[int]]]) -> dict[str, int]:
    """Each player's place in the set (1 = first; equal places tie), by the game's scoring
    summed over the set: Skyjo lower sum of totals first; Skip-Bo more games won first,
    then fewer stock cards left in sum. A player who left any game of the set places last."""
    keys: dict[str, tuple[int, ...]] = {}
    for player in standings[0]:
        shares = [one[player] for one in standings]
        left = max(share[0] for share in shares)
        if game == "skyjo":
            keys[player] = (left, sum(share[1] for share in shares))
        else:
            keys[player] = (left, -sum(share[2] for share in shares), sum(s[3] for s in shares))
    return {
        player: 1 + sum(1 for other in keys.values() if other < mine)
        for player, mine in keys.items()
    }


class SetRatings:
    """A set's ratings: settled once its last game ends, shown by each of its games."""

    def __init__(self, ratings: Ratings, games: GameService) -> None:
        self.ratings = ratings
        self.games = games
        self.redis = ratings.redis
        self.prefix = ratings.prefix

    def result_key(self, set_id: str) -> str:
        return set_key(self.prefix, set_id)

    def is_settled(self, set_id: str) -> bool:
        return bool(self.redis.hexists(self.result_key(set_id), "done"))

    def settle(self, game: Game) -> bool:
        """Settle the set of `game` if every game of it is over (else nothing: its last
        game's end, or any later read of one of its games, settles it). A failure is
        logged and finished by the next read. True when this call finished the settle."""
        try:
            return self._settle(game)
        except Exception:
            log.exception(
                "duplicate set of game %s: not settled yet (the next read retries)", game.game_id
            )
            return False

    def _settle(self, game: Game) -> bool:
        rated_set = game.hosting.rated_set
        assert rated_set is not None
        set_id, size = rated_set["id"], rated_set["size"]
        key = self.result_key(set_id)
        done, stored = self.redis.hmget(key, "done", "result")
        if done:
            return False
        if stored is None:
            # Each game of the set keeps its share once, then reads the others': of two
            # games ending at once, each writes before it reads, so one sees both.
            share = json.dumps(standing(game))
            self.redis.hsetnx(key, f"game:{rated_set['index']}", share)
            self.redis.expire(key, RESULT_TTL_SECONDS)
            standings = self.standings(set_id)
            if len(standings) < size:
                return False  # pending: another game of the set is still being played
            result = self._result(game.game, standings)
            self.redis.hsetnx(key, "result", json.dumps(result))
            stored = self.redis.hget(key, "result")
        # One history entry a player (naming the set's first game), the set's id counted
        # once per player by the single game's machinery.
        players = json.loads(stored)["players"]
        self.ratings.apply_shares(set_id, game, players, game_id_of(set_id, 0), set=set_id)
        self.redis.hset(key, "done", "1")
        return True

    def standings(self, set_id: str) -> list[dict[str, list[int]]]:
        """The shares of the set's games finished so far (see `standing`)."""
        kept = self.redis.hgetall(self.result_key(set_id))
        return [json.loads(v) for k, v in sorted(kept.items()) if k.startswith(b"game:")]

    def _result(self, name: str, standings: list[dict[str, list[int]]]) -> dict[str, Any]:
        players = sorted(standings[0])
        pipe = self.redis.pipeline(transaction=False)
        for player in players:
            pipe.hgetall(self.ratings.players.key_for(player))
        stored = [{k.decode(): v.decode() for k, v in raw.items()} for raw in pipe.execute()]
        before = [rating_of(fields, name) for fields in stored]
        places = set_placements(name, standings)
        after = rate(before, [places[player] for player in players])
        return {
            "players": [
                {
                    "player": player,
                    "placement": places[player],
                    "before": before[index].rating,
                    "after": displayed(*after[index]),
                    "mu_before": before[index].mu,
                    "mu_after": after[index][0],
                    "sigma_after": after[index][1],
                }
                for index, player in enumerate(players)
            ]
        }

    def of_game(self, game: Game) -> list[dict[str, Any]] | None:
        """The set's result on this game's seats (None while the set is pending)."""
        rated_set = game.hosting.rated_set
        assert rated_set is not None
        stored = self.redis.hget(self.result_key(rated_set["id"]), "result")
        if stored is None:
            return None
        by_player = {entry["player"]: entry for entry in json.loads(stored)["players"]}
        return [
            {
                "seat": seat,
                "player": player,
                **{k: by_player[player][k] for k in ("before", "after", "placement")},
            }
            for seat, player in enumerate(game.hosting.players or [])
        ]

    def score_set(self, game: Game) -> dict[str, Any] | None:
        """The score's `set`: the game's place in its set and whether its ratings are
        still pending (None: not a game of a set)."""
        rated_set = game.hosting.rated_set
        if not rated_set:
            return None
        settled = self.redis.hexists(self.result_key(rated_set["id"]), "result")
        return {**rated_set, "pending": not settled}
