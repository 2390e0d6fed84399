"""Pure rules engines: no Flask, no marshmallow, no Redis.

`base.py` is the skeleton every game builds on (docs/adding-a-game.md); the hosted games are
in `registry.py` (`GAMES`, `get_rules`, `load_state`).
"""
