"""Rate limits raised far above what any test sends, so that no test is throttled by
accident; the rate-limit tests lower them on purpose."""

from __future__ import annotations

from typing import Any

RAISED_LIMITS_ENV = {
    "CARDTABLE_RATE_LIMIT_CREATE": "100000/minute",
    "CARDTABLE_RATE_LIMIT_MOVES": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_READS": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_SEAT_MOVES": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_SEAT_READS": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_TABLES": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_OPS": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_PLAYERS": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_QUEUE": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_CHAT": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_SEAT_CHAT": "1000000/minute",
    "CARDTABLE_RATE_LIMIT_ANALYSIS": "1000000/minute",
    "CARDTABLE_STORED_PER_CLIENT": "10000000",
}

RAISED_LIMITS: dict[str, Any] = {
    "rate_limit_create": "100000/minute",
    "rate_limit_moves": "1000000/minute",
    "rate_limit_reads": "1000000/minute",
    "rate_limit_seat_moves": "1000000/minute",
    "rate_limit_seat_reads": "1000000/minute",
    "rate_limit_tables": "1000000/minute",
    "rate_limit_ops": "1000000/minute",
    "rate_limit_players": "1000000/minute",
    "rate_limit_queue": "1000000/minute",
    "rate_limit_chat": "1000000/minute",
    "rate_limit_seat_chat": "1000000/minute",
    "rate_limit_analysis": "1000000/minute",
    "stored_per_client": 10_000_000,
}
