"""What the app factory builds once and the routes use: settings, stores and services."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.config import Settings
from cardtable.games import GameService
from cardtable.scoresheets import ScoreSheetService
from cardtable.store import DocumentStore, RedisClient


@dataclass
class Wiring:
    settings: Settings
    redis: RedisClient
    game_store: DocumentStore
    games: GameService
    sheets: ScoreSheetService
