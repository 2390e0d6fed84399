from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from typing import cast


def _get_kwargs(
    player_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/players/{player_id}/events".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | str]:
    """Your own event stream (Server-Sent Events, your key): `matched` (a ticket's game,
    seat and token), `turn` (your turn in one of your rated games), `game_end`, and
    `ticket` (a ticket cancelled or expired). It keeps your waiting ticket alive: one
    connection serves a bot playing many games.

    Args:
        player_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | str | None:
    """Your own event stream (Server-Sent Events, your key): `matched` (a ticket's game,
    seat and token), `turn` (your turn in one of your rated games), `game_end`, and
    `ticket` (a ticket cancelled or expired). It keeps your waiting ticket alive: one
    connection serves a bot playing many games.

    Args:
        player_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | str]:
    """Your own event stream (Server-Sent Events, your key): `matched` (a ticket's game,
    seat and token), `turn` (your turn in one of your rated games), `game_end`, and
    `ticket` (a ticket cancelled or expired). It keeps your waiting ticket alive: one
    connection serves a bot playing many games.

    Args:
        player_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | str | None:
    """Your own event stream (Server-Sent Events, your key): `matched` (a ticket's game,
    seat and token), `turn` (your turn in one of your rated games), `game_end`, and
    `ticket` (a ticket cancelled or expired). It keeps your waiting ticket alive: one
    connection serves a bot playing many games.

    Args:
        player_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
        )
    ).parsed
