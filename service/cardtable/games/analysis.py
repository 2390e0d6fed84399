"""Hints and post-game reviews as a service (the estimates: cardtable_engine.analysis).

A hint is for casual play only: refused in rated games and at tables with a turn timer.
It judges the seat's view alone, sampling with a seed drawn from the game, the version and
the seat (never from the hidden cards), so the same position gets the same hints. A review
replays a finished game's record once and is kept in Redis beside the game (as long as the
game), so each game's review is computed once."""

from __future__ import annotations

import json
from typing import Any

from cardtable.games.live_table import Game
from cardtable.games.service import GameService
from cardtable_engine import analysis
from cardtable_engine.base import GameNotOver, NotYourTurn
from cardtable_engine.host import GameNotStarted, ServiceError


class HintsUnavailable(ServiceError):
    """Hints are for casual games: not in rated games nor at tables with a turn timer."""

    code = "hints_unavailable"


def hints(game: Game, seat: int) -> dict[str, Any]:
    """Each legal move of `seat` with its estimate, best first."""
    if game.hosting.rated:
        raise HintsUnavailable("hints are not given in rated games")
    if game.hosting.turn_seconds is not None:
        raise HintsUnavailable("hints are not given at tables with a turn timer")
    if not game.dealt:
        raise GameNotStarted("the game has not been dealt yet")
    legal = game.state.legal_moves(seat)
    if not legal:
        raise NotYourTurn("this seat has no move to make now", seat=seat)
    view = game.state.view(seat)
    seed = analysis.position_seed(game.game_id, game.version, seat)
    answer = analysis.hints(game.state.game, view, legal, seed)
    return {"seat": seat, "version": game.version, **answer}


def review(service: GameService, game_id: str, token: str | None) -> dict[str, Any]:
    """The review of a finished game (GameNotOver before its end), computed once."""
    game, _ = service.load_for(game_id, token)
    if not game.finished:
        raise GameNotOver("the review comes once the game is over")
    store = service.store
    key = f"{store.key_for(game_id)}:review"
    cached = store.redis.get(key)
    if cached is not None:
        found: dict[str, Any] = json.loads(cached)
        return found
    replayed = service.replayed(game_id)
    answer = analysis.review(replayed.state.game, replayed.state.record(), game_id)
    ttl = store.ttl(game_id)
    store.redis.set(key, json.dumps(answer), ex=ttl if ttl > 0 else store.finished_ttl_seconds)
    return answer
