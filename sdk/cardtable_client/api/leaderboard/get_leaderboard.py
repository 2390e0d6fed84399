from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.get_leaderboard_game import check_get_leaderboard_game
from ...models.get_leaderboard_game import GetLeaderboardGame
from ...models.get_leaderboard_kind import check_get_leaderboard_kind
from ...models.get_leaderboard_kind import GetLeaderboardKind
from ...models.leaderboard import Leaderboard
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    *,
    game: GetLeaderboardGame,
    kind: GetLeaderboardKind | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_game: str = game
    params["game"] = json_game

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind

    params["kind"] = json_kind

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/leaderboard",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Leaderboard:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

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
) -> Response[Error | Leaderboard]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: GetLeaderboardGame,
    kind: GetLeaderboardKind | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Error | Leaderboard]:
    """Players with at least one rated game of `game`, highest rating first (paged).

    Args:
        game (GetLeaderboardGame):
        kind (GetLeaderboardKind | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Leaderboard]
    """

    kwargs = _get_kwargs(
        game=game,
        kind=kind,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    game: GetLeaderboardGame,
    kind: GetLeaderboardKind | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Error | Leaderboard | None:
    """Players with at least one rated game of `game`, highest rating first (paged).

    Args:
        game (GetLeaderboardGame):
        kind (GetLeaderboardKind | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Leaderboard
    """

    return sync_detailed(
        client=client,
        game=game,
        kind=kind,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: GetLeaderboardGame,
    kind: GetLeaderboardKind | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Error | Leaderboard]:
    """Players with at least one rated game of `game`, highest rating first (paged).

    Args:
        game (GetLeaderboardGame):
        kind (GetLeaderboardKind | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Leaderboard]
    """

    kwargs = _get_kwargs(
        game=game,
        kind=kind,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    game: GetLeaderboardGame,
    kind: GetLeaderboardKind | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Error | Leaderboard | None:
    """Players with at least one rated game of `game`, highest rating first (paged).

    Args:
        game (GetLeaderboardGame):
        kind (GetLeaderboardKind | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Leaderboard
    """

    return (
        await asyncio_detailed(
            client=client,
            game=game,
            kind=kind,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
