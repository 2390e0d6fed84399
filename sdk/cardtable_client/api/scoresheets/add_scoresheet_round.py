from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.scoresheet import Scoresheet
from ...models.scoresheet_round_request import ScoresheetRoundRequest
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    sheet_id: str,
    *,
    body: ScoresheetRoundRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/scoresheets/{sheet_id}/rounds".format(
            sheet_id=quote(str(sheet_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Scoresheet:
    if response.status_code == 201:
        response_201 = Scoresheet.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Error.from_dict(response.json())

        return response_412

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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
) -> Response[Error | Scoresheet]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    sheet_id: str,
    *,
    client: AuthenticatedClient,
    body: ScoresheetRoundRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Scoresheet]:
    """Enter the next round. Skyjo: `card_totals` and `finisher`; Skip-Bo: `winner`
    and `stocks_left`. Answers with the whole sheet.

     With If-Match, the round is entered only if the sheet is still at that version.

    Args:
        sheet_id (str):
        idempotency_key (str | Unset):
        body (ScoresheetRoundRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Scoresheet]
    """

    kwargs = _get_kwargs(
        sheet_id=sheet_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    sheet_id: str,
    *,
    client: AuthenticatedClient,
    body: ScoresheetRoundRequest,
    idempotency_key: str | Unset = UNSET,
) -> Error | Scoresheet | None:
    """Enter the next round. Skyjo: `card_totals` and `finisher`; Skip-Bo: `winner`
    and `stocks_left`. Answers with the whole sheet.

     With If-Match, the round is entered only if the sheet is still at that version.

    Args:
        sheet_id (str):
        idempotency_key (str | Unset):
        body (ScoresheetRoundRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Scoresheet
    """

    return sync_detailed(
        sheet_id=sheet_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    sheet_id: str,
    *,
    client: AuthenticatedClient,
    body: ScoresheetRoundRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Scoresheet]:
    """Enter the next round. Skyjo: `card_totals` and `finisher`; Skip-Bo: `winner`
    and `stocks_left`. Answers with the whole sheet.

     With If-Match, the round is entered only if the sheet is still at that version.

    Args:
        sheet_id (str):
        idempotency_key (str | Unset):
        body (ScoresheetRoundRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Scoresheet]
    """

    kwargs = _get_kwargs(
        sheet_id=sheet_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    sheet_id: str,
    *,
    client: AuthenticatedClient,
    body: ScoresheetRoundRequest,
    idempotency_key: str | Unset = UNSET,
) -> Error | Scoresheet | None:
    """Enter the next round. Skyjo: `card_totals` and `finisher`; Skip-Bo: `winner`
    and `stocks_left`. Answers with the whole sheet.

     With If-Match, the round is entered only if the sheet is still at that version.

    Args:
        sheet_id (str):
        idempotency_key (str | Unset):
        body (ScoresheetRoundRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Scoresheet
    """

    return (
        await asyncio_detailed(
            sheet_id=sheet_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
