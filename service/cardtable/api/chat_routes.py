"""A live table's chat: seated players post short messages and emotes, every viewer reads
them. Apart from the game's event feed on purpose: the contract says a game's version
grows by exactly one per change of the game and each event carries the version it
created, so a chat message in the feed would either bump the version (making players'
If-Match stale, their ETags change) or break the feed's `id:` numbering. docs/web.md."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from cardtable.api.blueprint import Blueprint
from cardtable.api.idempotency_header import (
    IdempotencyKeyHeaderSchema,
    holder,
    idempotency_key,
    keyed,
    replayed_answer,
)
from cardtable.api.requests import bearer_token, wiring
from cardtable.api.schemas.chat import (
    ChatMessageSchema,
    ChatPageSchema,
    ChatPostSchema,
    ChatQuerySchema,
)
from cardtable.games.chat import checked_message

blp = Blueprint(
    "chat",
    __name__,
    url_prefix="/games",
    description="A live table's chat: messages and emotes of its seated players.",
    error_text={
        401: "A seat's bearer token is needed to post (`token_required`, `invalid_token`).",
        422: "`invalid_chat_message`: empty, too long or unprintable text, or both or "
        "neither of `text` and `emote`; `validation_error`.",
        429: "`rate_limited`: over the chat budget (CARDTABLE_RATE_LIMIT_CHAT, per address and "
        "per seat); `too_many_waiting` (503) for a long-poll on a full server.",
    },
)


@blp.route("/<string:game_id>/chat")
class Chat(MethodView):
    @blp.doc(operationId="get_chat", security=[{"bearerAuth": []}, {}])
    @blp.arguments(ChatQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, ChatPageSchema, errors=(400, 404, 503))
    def get(self, game_id: str, since: int, wait: float) -> Any:
        """The chat's kept messages after `since`, for anyone (spectators too); with
        `wait`, a long-poll for the next one."""
        page = wiring().chat.read(game_id, since, wait)
        return {"seq": page.seq, "messages": page.messages}

    @blp.doc(operationId="post_chat", security=[{"bearerAuth": []}])
    @blp.headers(IdempotencyKeyHeaderSchema())
    @blp.arguments(ChatPostSchema())
    @blp.response(201, ChatMessageSchema, errors=(400, 401, 404, 413, 415, 422, 429, 503))
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Post a message or an emote as the bearer token's seat. It never changes the
        game's version and never reaches its record; the chat keeps its latest 50."""
        content = checked_message(body.get("text"), body.get("emote"))
        key, token = idempotency_key(), bearer_token()
        idem = keyed(key, f"chat:{holder(token)}", content) if key else None
        message, replayed = wiring().chat.post(game_id, token, content, idem)
        return replayed_answer(message, 201) if replayed else message
