"""Reading what HTTP carries besides the body: the bearer token and version preconditions."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from flask import current_app, request

from cardtable.api.errors import ApiError

if TYPE_CHECKING:
    from cardtable.wiring import Wiring

# A version as a tag ("17", W/"17") or bare (17): ASCII digits only, quotes balanced, at
# most 12 digits, as strict as a body's numbers (superscripts, Arabic-Indic digits or
# 4,301 digits are refused).
_VERSION_TAG = re.compile(r'[ \t]*(?:W/)?(?:"([0-9]{1,12})"|([0-9]{1,12}))[ \t]*', re.ASCII)


def wiring() -> Wiring:
    wired: Wiring = current_app.extensions["cardtable"]
    return wired


def bearer_token() -> str | None:
    """The request's bearer token, None when it has none (a spectator)."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("invalid_token", "Authorization must be 'Bearer <token>'")
    return token.strip()


def version_tag(version: int) -> str:
    """The ETag of a game at `version`, as the contract writes it: "17"."""
    return f'"{version}"'


def _parse_version_header(name: str) -> list[int] | None:
    header = request.headers.get(name)
    if header is None:
        return None
    versions = []
    for part in header.split(","):
        if part.strip() == "*":
            continue
        match = _VERSION_TAG.fullmatch(part)
        if not match:
            raise ApiError("invalid_header", f'{name} must name a game version, like "17"')
        versions.append(int(match.group(1) or match.group(2)))
    return versions


def if_match_version() -> int | None:
    versions = _parse_version_header("If-Match")
    if not versions:
        return None
    if len(versions) > 1:
        raise ApiError("invalid_header", "If-Match must name exactly one version")
    return versions[0]


def if_none_match_versions() -> list[int]:
    return _parse_version_header("If-None-Match") or []


def if_none_match_any() -> bool:
    """`If-None-Match: *`: any current version of the game counts as "not modified"."""
    return any(part.strip() == "*" for part in request.headers.get("If-None-Match", "").split(","))
