"""Cardtable SDK: play Skyjo and Skip-Bo on a Cardtable server, or in-process, with bots.

    from cardtable_sdk import Cardtable, play

    with Cardtable("http://localhost:8000") as table:
        game = table.create_game("skyjo", ["Me", ("Greedy", "greedy")])
        result = play(game.seat(0), lambda view, legal: legal[0])

- `Cardtable` / `AsyncCardtable`: list hosted games, create games, open seat sessions,
  spectators and score sheets (over the generated low-level package `cardtable_client`).
- `Cardtable.create_player`, `.player_session(key)` (the queue), `.profile`, `.leaderboard`:
  rated play (`cardtable_sdk.players`); `cardtable-ladder` plays a bot on the ladder.
- `play` / `play_async`: the bot runner; a bot is `(view, legal_moves) -> move`. One
  sans-IO loop (`_loop`) drives both; it logs retries and back-offs to the logger
  `cardtable_sdk.play`.
- `cardtable_sdk.local`: the same bots in-process against the rules engine.
- `cardtable_sdk.errors`: one exception class per error code.
"""

import logging

from cardtable_sdk import errors
from cardtable_sdk._retry import NO_RETRIES, RetryPolicy
from cardtable_sdk.aio import (
    AsyncBot,
    AsyncCardtable,
    AsyncGame,
    AsyncPlayerSession,
    AsyncSeatSession,
    AsyncSpectator,
    play_async,
)
from cardtable_sdk.client import (
    Cardtable,
    Game,
    GameSettings,
    PlayerSession,
    SeatInfo,
    SeatSession,
    Spectator,
)
from cardtable_sdk.errors import *  # noqa: F403  (every error class, by name)
from cardtable_sdk.games import OPEN_SEAT, Grant, OpenGames
from cardtable_sdk.players import NewPlayer, Page, Profile, Rating, SetGame, Ticket
from cardtable_sdk.runner import (
    Backoff,
    Bot,
    LongPoll,
    PlayResult,
    PlaySettings,
    Stalled,
    Watcher,
    play,
)
from cardtable_sdk.scoresheets import ScoresheetSession
from cardtable_sdk.views import (
    Move,
    MoveList,
    MoveResult,
    SkipBoView,
    SkyjoView,
    Turn,
    View,
    format_move,
)

# A library logs, the application decides where to: silent until logging is configured.
logging.getLogger("cardtable_sdk").addHandler(logging.NullHandler())

__version__ = "0.1.0"

__all__ = [
    "NO_RETRIES",
    "OPEN_SEAT",
    "AsyncBot",
    "AsyncCardtable",
    "AsyncGame",
    "AsyncPlayerSession",
    "AsyncSeatSession",
    "AsyncSpectator",
    "Backoff",
    "Bot",
    "Cardtable",
    "Game",
    "GameSettings",
    "Grant",
    "LongPoll",
    "Move",
    "MoveList",
    "MoveResult",
    "NewPlayer",
    "OpenGames",
    "Page",
    "PlayResult",
    "PlayerSession",
    "PlaySettings",
    "Profile",
    "Rating",
    "RetryPolicy",
    "ScoresheetSession",
    "SeatInfo",
    "SeatSession",
    "SkipBoView",
    "SkyjoView",
    "Spectator",
    "Stalled",
    "SetGame",
    "Ticket",
    "Turn",
    "View",
    "Watcher",
    "format_move",
    "play",
    "play_async",
    *errors.__all__,
]
