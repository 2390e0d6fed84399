from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.skip_bo_view import SkipBoView
from ...models.skyjo_view import SkyjoView
from ...models.waiting_view import WaitingView
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    game_id: str,
    *,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | SkipBoView | SkyjoView | WaitingView:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> SkipBoView | SkyjoView | WaitingView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_0 = SkipBoView.from_dict(data)

                return componentsschemas_game_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_1 = SkyjoView.from_dict(data)

                return componentsschemas_game_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_game_view_type_2 = WaitingView.from_dict(data)

            return componentsschemas_game_view_type_2

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    response_default = Error.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | SkipBoView | SkyjoView | WaitingView]:
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
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Error | SkipBoView | SkyjoView | WaitingView]:
    """See the game as a seat (with its bearer token) or as a spectator (without).

     Send If-None-Match with the last ETag to get 304 while nothing changed; add
    `?wait=N` to hold the answer up to N seconds until something does.

    Args:
        game_id (str):
        wait (float | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | SkipBoView | SkyjoView | WaitingView]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Error | SkipBoView | SkyjoView | WaitingView | None:
    """See the game as a seat (with its bearer token) or as a spectator (without).

     Send If-None-Match with the last ETag to get 304 while nothing changed; add
    `?wait=N` to hold the answer up to N seconds until something does.

    Args:
        game_id (str):
        wait (float | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | SkipBoView | SkyjoView | WaitingView
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        wait=wait,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Error | SkipBoView | SkyjoView | WaitingView]:
    """See the game as a seat (with its bearer token) or as a spectator (without).

     Send If-None-Match with the last ETag to get 304 while nothing changed; add
    `?wait=N` to hold the answer up to N seconds until something does.

    Args:
        game_id (str):
        wait (float | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | SkipBoView | SkyjoView | WaitingView]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Error | SkipBoView | SkyjoView | WaitingView | None:
    """See the game as a seat (with its bearer token) or as a spectator (without).

     Send If-None-Match with the last ETag to get 304 while nothing changed; add
    `?wait=N` to hold the answer up to N seconds until something does.

    Args:
        game_id (str):
        wait (float | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | SkipBoView | SkyjoView | WaitingView
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            wait=wait,
            if_none_match=if_none_match,
        )
    ).parsed
