"""The plumbing shared by the sync and async clients: generated clients that raise typed
errors, and the one request the generated code cannot express.

Every call goes through a client from the generated `cardtable_client` package, whose httpx
client gets a response hook that turns any 4xx/5xx answer into the typed error of its code
(`errors.error_from_response`) before the generated parser sees it: the generated parsers
expect the JSON error body and would fail on a proxy's HTML 502, and they return errors as
values where the SDK wants exceptions.

Requests are built by the generated endpoint modules (their `_get_kwargs`; the sessions
perform them through `cardtable_sdk._session`, sans-IO, so sync and async share one
implementation), except moves (`raw_move_request`): the generated `MoveRequest` model
silently drops fields it does not know, while the SDK must send the bot's move exactly as
given (the server, like local play, refuses unknown fields) — a typo must be an error,
never a different move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast
from urllib.parse import quote

import httpx

from cardtable_client import AuthenticatedClient, Client
from cardtable_sdk.errors import (
    ConnectionFailed,
    RequestTimeout,
    ServerError,
    ValidationError,
    error_from_response,
)

if TYPE_CHECKING:  # _retry imports this module
    from cardtable_sdk._retry import RetryPolicy

DEFAULT_TIMEOUT = 10.0
"""Seconds to wait for any answer (connect, read, write), long-polls excepted."""

MAX_WAIT = 30.0
"""The longest the server holds a long-poll (`?wait=` above it is refused)."""


def _raise_for_error(response: httpx.Response) -> None:
    if response.status_code >= 400:
        response.read()
        raise error_from_response(response)


async def _araise_for_error(response: httpx.Response) -> None:
    if response.status_code >= 400:
        await response.aread()
        raise error_from_response(response)


@dataclass(frozen=True)
class Connection:
    """Where the server is and how to talk to it; makes the generated clients."""

    base_url: str
    timeout: float = DEFAULT_TIMEOUT
    headers: Mapping[str, str] = field(default_factory=dict)
    verify_ssl: bool = True
    httpx_args: Mapping[str, Any] = field(default_factory=dict)
    """Extra arguments for every httpx client made, e.g. {"transport": ...} or {"proxy": ...}."""
    retry: RetryPolicy | None = None
    """How every call made on this connection is sent again after a passing failure (None:
    `RetryPolicy()`)."""

    def _kwargs(self, asynchronous: bool) -> dict[str, Any]:
        hook = _araise_for_error if asynchronous else _raise_for_error
        httpx_args = dict(self.httpx_args)
        hooks = dict(httpx_args.pop("event_hooks", {}))
        hooks["response"] = [hook, *hooks.get("response", [])]
        return {
            "base_url": self.base_url.rstrip("/"),
            "timeout": httpx.Timeout(self.timeout),
            "headers": dict(self.headers),
            "verify_ssl": self.verify_ssl,
            "httpx_args": {**httpx_args, "event_hooks": hooks},
        }

    def client(self, *, asynchronous: bool = False) -> Client:
        return Client(**self._kwargs(asynchronous))

    def seat_client(self, token: str, *, asynchronous: bool = False) -> AuthenticatedClient:
        return AuthenticatedClient(token=token, **self._kwargs(asynchronous))

    def long_poll_timeout(self, wait: float) -> httpx.Timeout:
        """The read timeout of a long-poll: the server holds it up to `wait` seconds."""
        return httpx.Timeout(self.timeout, read=self.timeout + wait)


def as_seat_or_spectator(client: Client | AuthenticatedClient) -> AuthenticatedClient:
    """Views, scores and records accept a seat's token or none (`security: [bearerAuth, {}]`),
    but the generator types those functions for an AuthenticatedClient only. A plain
    Client works the same at run time (they only call `get_httpx_client()`), and sends no
    Authorization header, which is what a spectator must do."""
    return cast(AuthenticatedClient, client)


@contextmanager
def transport_errors() -> Iterator[None]:
    """Around one request: httpx's transport failures (no answer at all) become the SDK's
    transient errors, and an answer the generated parser cannot read (it raises KeyError,
    TypeError or ValueError) a ServerError instead of a bare KeyError."""
    try:
        yield
    except httpx.TimeoutException as exc:
        raise RequestTimeout(f"no answer in time: {exc!r}") from exc
    except httpx.TransportError as exc:
        raise ConnectionFailed(f"could not reach the server: {exc!r}") from exc
    except (KeyError, TypeError, ValueError) as exc:
        raise ServerError(f"the answer does not fit the API's schema: {exc!r}") from exc


def version_tag(version: int) -> str:
    """An ETag for a game version, as the server writes it: "17"."""
    return f'"{version}"'


def raw_move_request(
    game_id: str, move: Mapping[str, Any], if_match: int | None, idempotency_key: str
) -> dict[str, Any]:
    """Arguments for httpx's `request()`: the move exactly as given, refused with 412 when
    the game is no longer at `if_match`. A resend with the same `idempotency_key` gets the
    first answer back instead of acting twice (on servers that keep the keys)."""
    headers = {"Idempotency-Key": idempotency_key}
    if if_match is not None:
        headers["If-Match"] = version_tag(if_match)
    return {
        "method": "POST",
        "url": f"/games/{quote(game_id, safe='')}/moves",
        "json": {"move": dict(move)},
        "headers": headers,
    }


class _Model(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=_Model)


def checked_body(model: Callable[[dict[str, Any]], M], body: dict[str, Any]) -> M:
    """`body` as the generated request model `model` (its `from_dict`), refused with a
    ValidationError, as the server would refuse it, when the model would not send exactly
    `body`: generated models drop fields they do not know, so a typo such as "bott" would
    otherwise silently become another request."""
    try:
        parsed = model(body)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise ValidationError(f"invalid request: {exc}") from exc
    if parsed.to_dict() != body:
        raise ValidationError(
            f"invalid request: {body!r} has fields or values the API does not define"
        )
    return parsed


def players_body(players: Any) -> list[dict[str, Any]]:
    """`POST /games` players from names, (name, bot) pairs or dicts."""
    body: list[dict[str, Any]] = []
    for entry in players:
        if isinstance(entry, str):
            body.append({"name": entry})
        elif isinstance(entry, Mapping):
            body.append(dict(entry))
        else:
            name, bot = entry
            body.append({"name": name, "bot": bot} if bot else {"name": name})
    return body
