"""gunicorn settings for a live server that also hosts the test-only high-card game
(tests/support/highcard.py): the app's own settings, and the game added to the registry in
the master before the workers load the app (they inherit it)."""

from cardtable.server.gunicorn_conf import *  # noqa: F403 (the app's settings, unchanged)
from cardtable_engine.registry import GAMES
from tests.support.highcard import RULES

GAMES.setdefault(RULES.name, RULES)
