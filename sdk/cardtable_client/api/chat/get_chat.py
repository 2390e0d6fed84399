from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.chat_page import ChatPage
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    game_id: str,
    *,
    since: int | Unset = 0,
    wait: float | Unset = 0.0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["since"] = since

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/chat".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChatPage | Error:
    if response.status_code == 200:
        response_200 = ChatPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ChatPage | Error]:
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
    since: int | Unset = 0,
    wait: float | Unset = 0.0,
) -> Response[ChatPage | Error]:
    """The chat's kept messages after `since`, for anyone (spectators too); with
    `wait`, a long-poll for the next one.

    Args:
        game_id (str):
        since (int | Unset):  Default: 0.
        wait (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatPage | Error]
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
    since: int | Unset = 0,
    wait: float | Unset = 0.0,
) -> ChatPage | Error | None:
    """The chat's kept messages after `since`, for anyone (spectators too); with
    `wait`, a long-poll for the next one.

    Args:
        game_id (str):
        since (int | Unset):  Default: 0.
        wait (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatPage | Error
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
    since: int | Unset = 0,
    wait: float | Unset = 0.0,
) -> Response[ChatPage | Error]:
    """The chat's kept messages after `since`, for anyone (spectators too); with
    `wait`, a long-poll for the next one.

    Args:
        game_id (str):
        since (int | Unset):  Default: 0.
        wait (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatPage | Error]
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
    since: int | Unset = 0,
    wait: float | Unset = 0.0,
) -> ChatPage | Error | None:
    """The chat's kept messages after `since`, for anyone (spectators too); with
    `wait`, a long-poll for the next one.

    Args:
        game_id (str):
        since (int | Unset):  Default: 0.
        wait (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatPage | Error
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            since=since,
            wait=wait,
        )
    ).parsed
