"""A live table's chat: a seated player's short messages and quick reactions (emotes),
which every viewer of the game reads, spectators included.

Chat is apart from the game: it never changes the game's version (a message must not make
a player's If-Match stale, nor wake the game's event feed), it is kept bounded beside the
game (`cardtable.store.chat`: the latest messages, gone with the game) and it never reaches
a record. Text is length-bounded and printable (the names' rule: no controls, no bidi
overrides or invisible characters), and clients show it as text, never as markup.
"""

from __future__ import annotations

import time
from typing import Any

from cardtable.games.idempotency import Idempotency
from cardtable.games.service import GameService
from cardtable.store.chat import ChatLog, ChatPage, waiter_id
from cardtable_engine.host import ServiceError
from cardtable_engine.printable import has_visible, unprintable_character

TEXT_MAX = 200
"""Characters a chat message may hold (after trimming its surrounding spaces)."""
EMOTES = ("hello", "thumbs_up", "laugh", "wow", "sad", "angry", "clap", "good_game")
"""The quick reactions: the web table draws each as an emoji with a translated label."""


class InvalidChatMessage(ServiceError):
    code = "invalid_chat_message"


def checked_message(text: object, emote: object) -> dict[str, str]:
    """`{"text": ...}` (trimmed) or `{"emote": ...}`, else InvalidChatMessage saying why."""
    if (text is None) == (emote is None):
        raise InvalidChatMessage("send either `text` or `emote`")
    if emote is not None:
        if emote not in EMOTES:
            raise InvalidChatMessage(f"`emote` is one of {', '.join(EMOTES)}")
        return {"emote": str(emote)}
    if not isinstance(text, str):
        raise InvalidChatMessage("`text` must be a string")
    text = text.strip()
    if not 1 <= len(text) <= TEXT_MAX:
        raise InvalidChatMessage(f"a message has 1 to {TEXT_MAX} characters")
    bad = unprintable_character(text)
    if bad is not None:
        raise InvalidChatMessage(f"a message holds printable characters only, not {bad}")
    if not has_visible(text):
        raise InvalidChatMessage("a message needs a visible character")
    return {"text": text}


class TableChat:
    """Posting and reading the chats of the games of `games`."""

    def __init__(self, games: GameService, log: ChatLog):
        self.games = games
        self.log = log

    def post(
        self, game_id: str, token: str | None, content: dict[str, str], idem: Idempotency | None
    ) -> tuple[dict[str, Any], bool]:
        """Post `content` (from `checked_message`) as the token's seat, at most once per
        `idem` key: (the stored message, False), or for a replay (the first one, True)."""
        game = self.games.load(game_id)
        seat = self.games.require_seat(game, token)
        name = f"chat:{seat}"
        if idem is not None:
            replay = idem.recall(self.games.store, game_id, name)
            if replay is not None:
                return replay, True
        message = {
            "seat": seat,
            "name": game.seats[seat].name,
            **content,
            "at": round(time.time() * 1000),
        }
        record = idem.record_head(self.games.store, game_id, name) if idem else None
        return self.log.post(game_id, message, record), False

    def read(self, game_id: str, since: int, wait: float = 0) -> ChatPage:
        """The messages after `since`; with `wait`, when there are none, wait up to that
        long for the next (woken by the push hub)."""
        page = self.log.read(game_id, since)
        if page.messages or not wait or page.seq < since:
            return page
        hub = self.games.hub
        hub.wait_for_change(waiter_id(game_id), page.seq, wait, lambda: self.log.latest(game_id))
        return self.log.read(game_id, since)
