"""Score sheets for tables that play with real cards: the server counts each round entered.

    sheet = table.create_scoresheet("skyjo", ["Ann", "Ben"])
    sheet.add_round(card_totals=[12, 30], finisher=0)
    print(sheet.totals, sheet.standings)

A `ScoresheetSession` holds the sheet as last read (a plain dict, `sheet.data`) and, when
it has the edit token, enters and corrects rounds. Each edit sends `If-Match` with the
version last read, so two people keeping the same sheet cannot overwrite each other: the
second edit is refused (StaleVersion), the session re-reads the sheet and raises; look at
the fresh sheet and enter the round again if it is still missing. Each write carries its
own Idempotency-Key and is sent again with it after a passing failure (the connection's
`RetryPolicy`, as every call of the SDK): a round whose answer was lost is entered once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

import httpx

from cardtable_client import AuthenticatedClient, Client
from cardtable_client.api.scoresheets import create_scoresheet, get_scoresheet
from cardtable_client.models import CreateScoresheetRequest, ScoresheetRoundRequest
from cardtable_sdk._http import Connection, checked_body, version_tag
from cardtable_sdk._retry import RetryPolicy, perform
from cardtable_sdk._session import Call, new_idempotency_key
from cardtable_sdk.errors import CardtableError, TokenRequired, VersionMismatch

__all__ = ["ScoresheetSession", "create_sheet"]


def create_sheet(
    connection: Connection,
    game: str,
    players: list[str],
    options: Mapping[str, Any] | None = None,
) -> ScoresheetSession:
    """Start a sheet (what `Cardtable.create_scoresheet` calls)."""
    body: dict[str, Any] = {"game": game, "players": list(players)}
    if options is not None:
        body["options"] = dict(options)
    request = checked_body(CreateScoresheetRequest.from_dict, body)
    key = new_idempotency_key()  # a resend after a lost answer gets the same sheet
    call = Call(create_scoresheet._get_kwargs(body=request, idempotency_key=key), _json)
    client = connection.client()
    try:
        data: dict[str, Any] = perform(client, call, connection.retry or RetryPolicy())
    finally:
        client.get_httpx_client().close()
    token = data.pop("edit_token")
    return ScoresheetSession(connection, data["id"], token, data=data)


def _json(response: httpx.Response) -> Any:
    """The answer's JSON exactly as sent."""
    return response.json()


class ScoresheetSession:
    """One score sheet: read it; with its edit token, enter and correct rounds."""

    def __init__(
        self,
        connection: Connection,
        sheet_id: str,
        edit_token: str | None = None,
        *,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.connection = connection
        self.id = sheet_id
        self.edit_token = edit_token
        self.retry: RetryPolicy = connection.retry or RetryPolicy()
        self._client: Client | AuthenticatedClient = (
            connection.seat_client(edit_token) if edit_token else connection.client()
        )
        self.data: dict[str, Any] = data or {}

    def __repr__(self) -> str:
        if not self.data:
            return f"<Scoresheet {self.id} (not read yet)>"
        state = f"winners {self.data['winners']}" if self.data.get("finished") else "playing"
        return (
            f"<Scoresheet {self.data.get('game')} {self.id} v{self.data.get('version')}: "
            f"{len(self.data.get('rounds', []))} rounds, totals {self.totals}, {state}>"
        )

    # ---- what the sheet says -----------------------------------------------------------

    @property
    def version(self) -> int | None:
        version = self.data.get("version")
        return version if isinstance(version, int) else None

    @property
    def rounds(self) -> list[dict[str, Any]]:
        return list(self.data.get("rounds", []))

    @property
    def totals(self) -> list[int]:
        return list(self.data.get("totals", []))

    @property
    def standings(self) -> list[dict[str, Any]]:
        """Best first: seat, name, total and rank (equal totals share a rank)."""
        return list(self.data.get("standings", []))

    @property
    def finished(self) -> bool:
        return bool(self.data.get("finished"))

    @property
    def winners(self) -> list[int]:
        return list(self.data.get("winners", []))

    def refresh(self) -> dict[str, Any]:
        """Read the sheet again."""
        self.data = perform(
            self._client, Call(get_scoresheet._get_kwargs(self.id), _json), self.retry
        )
        return self.data

    # ---- editing -----------------------------------------------------------------------

    def add_round(self, **entries: Any) -> dict[str, Any]:
        """Enter the next round. Skyjo: `card_totals=[...]`, `finisher=seat or None`;
        Skip-Bo: `winner=seat or None`, `stocks_left=[...]`."""
        return self._edit("POST", "/rounds", entries)

    def replace_last_round(self, **entries: Any) -> dict[str, Any]:
        """Correct the last round: replace it with these entries."""
        return self._edit("PUT", "/rounds/last", entries)

    def delete_last_round(self) -> dict[str, Any]:
        return self._edit("DELETE", "/rounds/last", None)

    def _edit(self, method: str, path: str, entries: dict[str, Any] | None) -> dict[str, Any]:
        if self.edit_token is None:
            raise TokenRequired("editing a score sheet needs its edit token")
        headers = {"Idempotency-Key": new_idempotency_key()}  # one per edit, kept by resends
        if self.version is not None:
            headers["If-Match"] = version_tag(self.version)
        request: dict[str, Any] = {
            "method": method,
            "url": f"/scoresheets/{quote(self.id, safe='')}{path}",
            "headers": headers,
        }
        if entries is not None:
            # Checked by the generated model, sent as given (see _http.checked_body).
            request["json"] = checked_body(ScoresheetRoundRequest.from_dict, entries).to_dict()
        # Raw httpx: If-Match is not a parameter the generated functions take.
        try:
            self.data = perform(self._client, Call(request, _json), self.retry)
        except VersionMismatch as mismatch:
            try:
                self.refresh()
                mismatch.view = self.data
            except CardtableError:
                mismatch.view = None
            raise
        return self.data

    def close(self) -> None:
        self._client.get_httpx_client().close()
