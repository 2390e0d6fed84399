from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.scoresheet import Scoresheet
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    sheet_id: str,
    *,
    wait: float | Unset = 0.0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/scoresheets/{sheet_id}".format(
            sheet_id=quote(str(sheet_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | Scoresheet:
    if response.status_code == 200:
        response_200 = Scoresheet.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | Error | Scoresheet]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    sheet_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: float | Unset = 0.0,
) -> Response[Any | Error | Scoresheet]:
    """Read a sheet: every round as entered and as counted, running totals, standings
    with shared ranks, whether the game is over and the winners.

     Send If-None-Match with the last ETag to get 304 while nothing changed; with
    `wait`, a long-poll: the answer waits up to that long for a change (another phone
    entering a round) before the 304.

    Args:
        sheet_id (str):
        wait (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Scoresheet]
    """

    kwargs = _get_kwargs(
        sheet_id=sheet_id,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    sheet_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: float | Unset = 0.0,
) -> Any | Error | Scoresheet | None:
    """Read a sheet: every round as entered and as counted, running totals, standings
    with shared ranks, whether the game is over and the winners.

     Send If-None-Match with the last ETag to get 304 while nothing changed; with
    `wait`, a long-poll: the answer waits up to that long for a change (another phone
    entering a round) before the 304.

    Args:
        sheet_id (str):
        wait (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Scoresheet
    """

    return sync_detailed(
        sheet_id=sheet_id,
        client=client,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    sheet_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: float | Unset = 0.0,
) -> Response[Any | Error | Scoresheet]:
    """Read a sheet: every round as entered and as counted, running totals, standings
    with shared ranks, whether the game is over and the winners.

     Send If-None-Match with the last ETag to get 304 while nothing changed; with
    `wait`, a long-poll: the answer waits up to that long for a change (another phone
    entering a round) before the 304.

    Args:
        sheet_id (str):
        wait (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Scoresheet]
    """

    kwargs = _get_kwargs(
        sheet_id=sheet_id,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    sheet_id: str,
    *,
    client: AuthenticatedClient | Client,
    wait: float | Unset = 0.0,
) -> Any | Error | Scoresheet | None:
    """Read a sheet: every round as entered and as counted, running totals, standings
    with shared ranks, whether the game is over and the winners.

     Send If-None-Match with the last ETag to get 304 while nothing changed; with
    `wait`, a long-poll: the answer waits up to that long for a change (another phone
    entering a round) before the 304.

    Args:
        sheet_id (str):
        wait (float | Unset):  Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Scoresheet
    """

    return (
        await asyncio_detailed(
            sheet_id=sheet_id,
            client=client,
            wait=wait,
        )
    ).parsed
