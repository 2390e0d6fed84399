"""External baselines, reproduced from their published sources so that our bots can be
measured against the same yardsticks as other projects (docs/bots.md, `bench/ladder.py`):

- `skipbo_naive`: meesvandongen/skipbot's `heuristic14`, the "naive play-first" bot its
  research table measures every heuristic against (its best wins 95.71 % of 100,000
  two-player games with stock 20);
- `skyjo_threshold`: Sorezar/SkyjoAI's `InitialAI`, the simple threshold heuristic (keep or
  take a card below 5) its stronger bots are measured against in four-player rounds.

Each is a bot function `(view, legal_moves, rng)` for the arena:
`cardtable-arena skipbo cardtable_sdk.baselines:skipbo_naive greedy`."""

from cardtable_sdk.baselines.skipbo_naive import skipbo_naive
from cardtable_sdk.baselines.skyjo_threshold import skyjo_threshold

__all__ = ["skipbo_naive", "skyjo_threshold"]
