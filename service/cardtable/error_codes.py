"""Every error code a client can meet, in one registry: its HTTP status and what it means.

Each layer raises its errors with a code (the engine's and the services' error classes,
the store's refusals, the routes' `ApiError`); `api/errors.py` answers each with the status
listed here, and a code missing from the registry answers 500 (a bug), never a silent 400.
The error table of docs/api.md is generated from it
(`python -m cardtable.error_codes --write docs/api.md`; a test checks it). No Flask here:
the store reads its refusals' messages from it too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NamedTuple


class ErrorCode(NamedTuple):
    status: int
    meaning: str
    """What the code means, for the docs (and the message of a refusal that has no other)."""


class RetryLater(Exception):
    """A refusal that says when to come back: its `code` (listed in ERRORS, which gives its
    status), its message, the whole seconds for `Retry-After`, and any details. Raised by
    the rate limits, the stream caps and a busy feed; `api/errors.py` answers them all."""

    code = "too_many_waiting"
    retry_after = 1

    def details(self) -> dict[str, object] | None:
        """What the error body's `details` carries (built only when an answer needs it)."""
        return None


def _codes(status: int, **meanings: str) -> dict[str, ErrorCode]:
    return {code: ErrorCode(status, meaning) for code, meaning in meanings.items()}


ERRORS: dict[str, ErrorCode] = {
    **_codes(
        400,
        bad_request="the request cannot be read",
        invalid_json="the body is not valid JSON (also: a key twice in one object, a number"
        " over 64 characters, NaN)",
        invalid_header="an unreadable If-Match or If-None-Match, a weak `W/` tag in If-Match,"
        " a bad Idempotency-Key or Last-Event-ID",
        engine_error="the rules engine refused the request",
        invalid_state="a stored or uploaded state no game could reach",
    ),
    **_codes(
        401,
        token_required="no token where a seat is needed",
        invalid_token="the token is not one of this game's (or this sheet's)",
    ),
    **_codes(
        403,
        forbidden="refused by the server before the app saw it",
        invalid_invite="the invite is not this game's",
        not_your_player="the player key is another player's",
        not_your_ticket="the queue ticket is another player's",
    ),
    **_codes(404, not_found="unknown or expired game or sheet, unknown route"),
    **_codes(405, method_not_allowed="the route does not take this method (see `Allow`)"),
    **_codes(406, not_acceptable="no answer in a type the `Accept` header allows"),
    **_codes(
        409,
        conflict="the resource is not in a state for this",
        not_your_turn="the seat may not act now",
        game_over="the game is over",
        game_not_over="the game is not over yet (record, rematch)",
        bot_seat="a server bot plays this seat",
        version_conflict="someone else changed it at the same time (`details.current_version`)",
        no_open_seat="no open seat is left",
        game_not_started="the game has not been dealt yet",
        already_started="the game has been dealt already",
        already_left="this seat's player left",
        sheet_finished="the score sheet's game is over",
        no_rounds="the score sheet has no round yet",
        too_many_rounds="the score sheet holds its maximum of rounds",
        name_taken="another player has this name (compared ignoring case, after NFKC)",
        already_queued="the player holds a waiting ticket already (cancel it first)",
        already_matched="the ticket was matched: it cannot be cancelled",
        set_in_play="a game of a duplicate set: its record waits until every game of the set"
        " is over",
        hints_unavailable="hints are for casual games: not in rated games nor at tables with"
        " a turn timer",
    ),
    **_codes(412, stale_version="If-Match names an older version (`details.current_version`)"),
    **_codes(413, payload_too_large="the body is larger than the server takes"),
    **_codes(414, uri_too_long="the request line is too long (answered by the server)"),
    **_codes(415, unsupported_media_type="the body is not `application/json`"),
    **_codes(417, expectation_failed="an `Expect` the server does not meet"),
    **_codes(
        422,
        validation_error="a field of the request is wrong (`details.fields`)",
        malformed_move="a move of no valid shape (with `details.fields` when the request"
        " schema caught it)",
        illegal_move="the rules do not allow this move now",
        wrong_phase="a move of another step",
        invalid_seat="no such seat",
        invalid_options="options the game does not take",
        invalid_players="wrong player count or names (also: a name with control, invisible"
        " or bidi-override characters)",
        invalid_record="a record that does not replay",
        unknown_game="no such game is hosted",
        invalid_round="a score-sheet round that cannot be counted",
        idempotency_key_reused="this Idempotency-Key came with another request (or, where its"
        " answer shows a token, from another client: docs/consistency.md)",
        invalid_name="a name that is empty, too long or unreadable",
        invalid_table_settings="table settings out of range (e.g. `turn_seconds`)",
        invalid_player_name="a player name that is empty, too long, or holds controls, invisible"
        " or combining characters, or leading, trailing or doubled spaces",
        invalid_player="a player request that cannot be met (an unknown kind)",
        invalid_chat_message="a chat message that is empty, too long or unprintable, or both"
        " or neither of `text` and `emote`",
        invalid_queue_request="a queue request that cannot be met (a table size the game"
        " does not have)",
        duplicate_needs_bots='a duplicate set is queued only by a bot player with opponents "bots"',
    ),
    **_codes(428, precondition_required="this change needs If-Match"),
    **_codes(
        429,
        too_many_requests="too many requests (answered by the server)",
        rate_limited="over a rate limit (`Retry-After`, `details.limit`): see"
        " [Limits and quotas](deploying.md#limits-and-quotas)",
        too_many_streams="this client holds its maximum of open streams",
    ),
    **_codes(431, headers_too_large="the request's headers are too large"),
    **_codes(500, internal_error="a bug of the server (quote `request_id`)"),
    **_codes(501, not_implemented="a transfer coding the server does not implement"),
    **_codes(
        503,
        store_unavailable="the game store is unreachable; retry shortly",
        store_full="the game store is full and refuses writes; retry later",
        store_read_only="the game store refuses writes (read-only or failing to persist);"
        " retry later",
        outcome_unknown="the game store did not answer after the write was sent: it may or"
        " may not have been applied; read the game before acting again, or retry with the"
        " same Idempotency-Key",
        too_many_waiting="this server holds its maximum of streams and long-polls",
        document_too_new="written by a newer release during a rolling update",
    ),
}
"""Every code, by status; `Retry-After` comes with every 503."""

STATUS_BY_CODE: dict[str, int] = {code: error.status for code, error in ERRORS.items()}


# -- the error table of docs/api.md ----------------------------------------------------

START = "<!-- error table: generated from cardtable.error_codes, do not edit -->"
END = "<!-- end of error table -->"


def table() -> str:
    rows = ["| status | code | meaning |", "|---|---|---|"]
    for code, error in sorted(ERRORS.items(), key=lambda item: item[1].status):
        rows.append(f"| {error.status} | `{code}` | {error.meaning} |")
    return "\n".join(rows)


def replace_in(text: str) -> str:
    """`text` with its error table (between START and END) generated afresh."""
    head, found, rest = text.partition(START)
    if not found or END not in rest:
        raise ValueError("the document has no generated error table")
    return f"{head}{START}\n{table()}\n{END}{rest.split(END, 1)[1]}"


def main() -> int:
    parser = argparse.ArgumentParser(description="Print or write docs/api.md's error table.")
    parser.add_argument("--write", type=Path, help="the Markdown file whose table to replace")
    args = parser.parse_args()
    if args.write is None:
        sys.stdout.write(table() + "\n")
    else:
        args.write.write_text(replace_in(args.write.read_text()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
