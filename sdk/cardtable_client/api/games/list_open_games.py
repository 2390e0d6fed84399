from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.list_open_games_game import check_list_open_games_game
from ...models.list_open_games_game import ListOpenGamesGame
from ...models.lobby_page import LobbyPage
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    *,
    open_: bool | Unset = True,
    game: ListOpenGamesGame | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["open"] = open_

    json_game: str | Unset = UNSET
    if not isinstance(game, Unset):
        json_game = game

    params["game"] = json_game

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | LobbyPage:
    if response.status_code == 200:
        response_200 = LobbyPage.from_dict(response.json())

        return response_200

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
) -> Response[Error | LobbyPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    open_: bool | Unset = True,
    game: ListOpenGamesGame | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Response[Error | LobbyPage]:
    """The lobby: public games still waiting for players, newest first, without tokens
    or invites. Pass the answer's `next` as `cursor` for the next page (null: none).

    Args:
        open_ (bool | Unset):  Default: True.
        game (ListOpenGamesGame | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LobbyPage]
    """

    kwargs = _get_kwargs(
        open_=open_,
        game=game,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    open_: bool | Unset = True,
    game: ListOpenGamesGame | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Error | LobbyPage | None:
    """The lobby: public games still waiting for players, newest first, without tokens
    or invites. Pass the answer's `next` as `cursor` for the next page (null: none).

    Args:
        open_ (bool | Unset):  Default: True.
        game (ListOpenGamesGame | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LobbyPage
    """

    return sync_detailed(
        client=client,
        open_=open_,
        game=game,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    open_: bool | Unset = True,
    game: ListOpenGamesGame | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Response[Error | LobbyPage]:
    """The lobby: public games still waiting for players, newest first, without tokens
    or invites. Pass the answer's `next` as `cursor` for the next page (null: none).

    Args:
        open_ (bool | Unset):  Default: True.
        game (ListOpenGamesGame | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LobbyPage]
    """

    kwargs = _get_kwargs(
        open_=open_,
        game=game,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    open_: bool | Unset = True,
    game: ListOpenGamesGame | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
) -> Error | LobbyPage | None:
    """The lobby: public games still waiting for players, newest first, without tokens
    or invites. Pass the answer's `next` as `cursor` for the next page (null: none).

    Args:
        open_ (bool | Unset):  Default: True.
        game (ListOpenGamesGame | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LobbyPage
    """

    return (
        await asyncio_detailed(
            client=client,
            open_=open_,
            game=game,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
