"""Where the games service used to find the lobby: it is all Redis, so it lives in
`cardtable.store.lobby`; this name stays only until games/service.py imports it from there."""

from cardtable.store.lobby import LOBBY_FIELD, Lobby

__all__ = ["LOBBY_FIELD", "Lobby"]
