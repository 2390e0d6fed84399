from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.event_feed import EventFeed
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    game_id: str,
    *,
    since: int | Unset = UNSET,
    wait: float | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["since"] = since

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/events".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | EventFeed:
    if response.status_code == 200:
        response_200 = EventFeed.from_dict(response.json())

        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | EventFeed]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    wait: float | Unset = UNSET,
) -> Response[Any | Error | EventFeed]:
    """Every change after version `since`, oldest first, as this viewer may see it.

     With `Accept: text/event-stream`: a stream of Server-Sent Events (`id` = version),
    resumable with `Last-Event-ID`, with heartbeat comments.

    Args:
        game_id (str):
        since (int | Unset):
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | EventFeed]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        since=since,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    wait: float | Unset = UNSET,
) -> Any | Error | EventFeed | None:
    """Every change after version `since`, oldest first, as this viewer may see it.

     With `Accept: text/event-stream`: a stream of Server-Sent Events (`id` = version),
    resumable with `Last-Event-ID`, with heartbeat comments.

    Args:
        game_id (str):
        since (int | Unset):
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | EventFeed
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        since=since,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    wait: float | Unset = UNSET,
) -> Response[Any | Error | EventFeed]:
    """Every change after version `since`, oldest first, as this viewer may see it.

     With `Accept: text/event-stream`: a stream of Server-Sent Events (`id` = version),
    resumable with `Last-Event-ID`, with heartbeat comments.

    Args:
        game_id (str):
        since (int | Unset):
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | EventFeed]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        since=since,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    wait: float | Unset = UNSET,
) -> Any | Error | EventFeed | None:
    """Every change after version `since`, oldest first, as this viewer may see it.

     With `Accept: text/event-stream`: a stream of Server-Sent Events (`id` = version),
    resumable with `Last-Event-ID`, with heartbeat comments.

    Args:
        game_id (str):
        since (int | Unset):
        wait (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | EventFeed
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            since=since,
            wait=wait,
        )
    ).parsed
