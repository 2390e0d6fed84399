"""Score sheets for tables that play with real cards: players enter each round's result, the
sheet counts it with the engines' own scoring functions and keeps running totals, standings,
the end of the game and the winners. Knows nothing of HTTP.

A stored sheet holds only what was entered (names, scoring options, rounds as typed in) and
the SHA-256 of its edit token; everything counted is derived on every read, so a fix to a
scoring rule applies to existing sheets too and nothing counted can drift from the entries.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, Unpack

from cardtable.documents.schema import check_schema_version
from cardtable.store import DocumentStore, Stored
from cardtable.store.documents import Record
from cardtable_engine import scoring
from cardtable_engine.base import JSON, InvalidOptions
from cardtable_engine.errors import UnknownGame
from cardtable_engine.host import (
    ServiceError,
    TokenRequired,
    check_if_match,
    check_names,
    hash_token,
    match_token,
    new_id,
    new_token,
)
from cardtable_engine.registry import GAMES, get_rules
from cardtable_engine.sheets import (
    InvalidRound,
    Options,
    RoundFieldError,
    SheetRules,
    UnknownSeat,
)

DOCUMENT_SCHEMA_VERSION = 1
Entry = Mapping[str, Any]
Recorder = Callable[..., Record] | None
"""An idempotency record hook (see cardtable.games.idempotency): called with the edit's result,
it gives the record that the same compare-and-set writes."""


class EditTerms(TypedDict, total=False):
    """What every edit of a sheet (adding, replacing or deleting a round) may be given."""

    if_match: int | None
    """Edit only a sheet still at this version (else StaleVersion, nothing changed)."""
    record: Recorder
    """Makes, from the edited sheet, the idempotency record written with it."""


# Keeps a sheet's document small; no real game comes near (Skyjo's max_rounds tops out here).
MAX_ROUNDS = 1000


# --------------------------------------------------------------------------------------
# Errors (each changes nothing; the API maps them to statuses in api/errors.py).
# --------------------------------------------------------------------------------------


class SheetFinished(ServiceError):
    """The game on this sheet is over: no round may be added (correct the last one instead)."""

    code = "sheet_finished"


class NoRounds(ServiceError):
    """There is no round to replace or delete."""

    code = "no_rounds"


class TooManyRounds(ServiceError):
    code = "too_many_rounds"


# --------------------------------------------------------------------------------------
# Per game: the sheet rules each game folder declares (cardtable_engine/sheets.py).
# --------------------------------------------------------------------------------------


class NoScoreSheet(UnknownGame):
    """A hosted game that declares no score-sheet rules (a 422, like an unknown game)."""


def sheet_games() -> dict[str, SheetRules]:
    """The hosted games that can be scored on a sheet, by name."""
    return {name: rules.sheet for name, rules in GAMES.items() if rules.sheet is not None}


def sheet_game(game: object) -> SheetRules:
    """The sheet rules of a hosted game (UnknownGame, a 422, for any other name or a game
    without sheet rules)."""
    rules = get_rules(game)
    if rules.sheet is None:
        raise NoScoreSheet(
            f"{rules.title} has no score sheet; sheets are kept for: {', '.join(sheet_games())}"
        )
    return rules.sheet


def resolve_sheet_options(game: str, options: Options | None, n_players: int) -> dict[str, JSON]:
    """The sheet's scoring options, checked by the game's own option specs and cross-checks
    (so a sheet accepts exactly what a game would), with the game's defaults filled in."""
    rules = get_rules(game)
    kind = sheet_game(game)
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InvalidOptions("options must be an object of option names and values")
    unknown = sorted(set(options) - set(kind.option_names))
    if unknown:
        raise InvalidOptions(
            f"unknown option(s) for a {kind.title} score sheet: {', '.join(unknown)};"
            f" a sheet takes only the scoring options: {', '.join(kind.option_names)}"
        )
    # The game's own resolution checks the player count, each value and the checks that span
    # several options (Skip-Bo teams need 4 or 6 players); other options keep defaults.
    resolved = rules.resolve_options(options, n_players)
    return {name: resolved[name] for name in kind.option_names}


# --------------------------------------------------------------------------------------
# The sheet.
# --------------------------------------------------------------------------------------


@dataclass
class Sheet:
    """A loaded sheet: what was entered, plus its stored version."""

    sheet_id: str
    version: int
    game: str
    names: list[str]
    options: dict[str, JSON]
    rounds: list[dict[str, JSON]]
    token_sha256: str
    created_at: float
    updated_at: float

    @property
    def kind(self) -> SheetRules:
        return sheet_game(self.game)

    @property
    def n_players(self) -> int:
        return len(self.names)

    def tally(self) -> dict[str, JSON]:
        """Every round as counted with running totals, the totals, standings with shared
        ranks, whether the game is over and its winners."""
        kind = self.kind
        n = self.n_players
        counted: list[dict[str, JSON]] = []
        round_scores: list[list[int]] = []
        for number, entered in enumerate(self.rounds, start=1):
            row = kind.count_round(entered, n, self.options)
            round_scores.append(row["scores"])
            counted.append(
                {"round": number, **row, "totals": scoring.running_totals(round_scores, n)}
            )
        totals = scoring.running_totals(round_scores, n)
        finished = kind.is_over(totals, self.rounds, self.options)
        ranks = scoring.shared_ranks(totals, lower_is_better=kind.lower_is_better)
        standings = sorted(
            (
                {"seat": seat, "name": self.names[seat], "total": totals[seat], "rank": ranks[seat]}
                for seat in range(n)
            ),
            key=lambda entry: (entry["rank"], entry["seat"]),
        )
        return {
            "rounds": counted,
            "totals": totals,
            "standings": standings,
            "finished": finished,
            "winners": kind.winners(totals, self.rounds) if finished else [],
        }

    @property
    def finished(self) -> bool:
        return bool(self.tally()["finished"])

    def to_public(self) -> dict[str, JSON]:
        """What anyone with the id may read (never the token's hash)."""
        return {
            "id": self.sheet_id,
            "game": self.game,
            "version": self.version,
            "players": [{"seat": seat, "name": name} for seat, name in enumerate(self.names)],
            "options": dict(self.options),
            "lower_total_wins": self.kind.lower_is_better,
            **self.tally(),
        }

    def to_document(self) -> dict[str, JSON]:
        return {
            "schema_version": DOCUMENT_SCHEMA_VERSION,
            "id": self.sheet_id,
            "game": self.game,
            "names": list(self.names),
            "options": dict(self.options),
            "rounds": [dict(entered) for entered in self.rounds],
            "token_sha256": self.token_sha256,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }

    @classmethod
    def from_stored(cls, stored: Stored) -> Sheet:
        doc = stored.document
        check_schema_version("sheet", stored.doc_id, doc, DOCUMENT_SCHEMA_VERSION)
        if doc.get("game") not in sheet_games():
            # Only this module writes sheets; anything else is a bug or a foreign key.
            raise RuntimeError(f"sheet {stored.doc_id}: unreadable document")
        return cls(
            sheet_id=stored.doc_id,
            version=stored.version,
            game=doc["game"],
            names=list(doc["names"]),
            options=dict(doc["options"]),
            rounds=[dict(entered) for entered in doc["rounds"]],
            token_sha256=doc["token_sha256"],
            created_at=float(doc["created_at"]),
            updated_at=float(doc["updated_at"]),
        )


# --------------------------------------------------------------------------------------
# The service.
# --------------------------------------------------------------------------------------


class ScoreSheetService:
    """Create, read and edit sheets; every edit is one compare-and-set on the sheet's
    version, so of two concurrent edits one wins and the other gets VersionConflict."""

    def __init__(
        self,
        store: DocumentStore,
        *,
        clock: Callable[[], float] = time.time,
    ):
        self.store = store
        self._clock = clock

    def create(
        self,
        game: str,
        players: Sequence[str],
        options: Options | None = None,
        *,
        sheet_id: str | None = None,
        record: Recorder = None,
    ) -> tuple[Sheet, str]:
        """A new, empty sheet and its edit token (shown once; only its hash is kept).
        `sheet_id` replaces the drawn id (one derived from an Idempotency-Key); `record`,
        called with the sheet and the token, gives the record written with it."""
        kind = sheet_game(game)
        names = check_names(players)
        resolved = resolve_sheet_options(kind.game, options, len(names))
        token = new_token()
        now = self._clock()
        sheet = Sheet(
            sheet_id=sheet_id or new_id(),
            version=0,
            game=kind.game,
            names=names,
            options=resolved,
            rounds=[],
            token_sha256=hash_token(token),
            created_at=now,
            updated_at=now,
        )
        written = record(sheet, token) if record else None
        self.store.create(sheet.sheet_id, sheet.version, sheet.to_document(), record=written)
        return sheet, token

    def load(self, sheet_id: str) -> Sheet:
        return Sheet.from_stored(self.store.load(sheet_id))

    def current_version(self, sheet_id: str) -> int:
        return self.store.current_version(sheet_id)

    @staticmethod
    def require_editor(sheet: Sheet, token: str | None) -> None:
        if token is None:
            raise TokenRequired("editing a score sheet needs its edit token as a bearer token")
        match_token([sheet.token_sha256], token, "score sheet")

    # ---- edits -------------------------------------------------------------------------

    def add_round(
        self, sheet_id: str, token: str | None, entry: Entry, **terms: Unpack[EditTerms]
    ) -> Sheet:
        def change(sheet: Sheet) -> None:
            if sheet.finished:
                raise SheetFinished(
                    "the game on this sheet is over; no round can be added"
                    " (replace or delete the last round to correct it)",
                    rounds=len(sheet.rounds),
                )
            if len(sheet.rounds) >= MAX_ROUNDS:
                raise TooManyRounds(f"a score sheet holds at most {MAX_ROUNDS} rounds")
            sheet.rounds.append(self._parse(sheet, entry))

        return self._edit(sheet_id, token, change, **terms)

    def replace_last_round(
        self, sheet_id: str, token: str | None, entry: Entry, **terms: Unpack[EditTerms]
    ) -> Sheet:
        def change(sheet: Sheet) -> None:
            self._require_rounds(sheet, "replace")
            sheet.rounds[-1] = self._parse(sheet, entry)

        return self._edit(sheet_id, token, change, **terms)

    def delete_last_round(
        self, sheet_id: str, token: str | None, **terms: Unpack[EditTerms]
    ) -> Sheet:
        def change(sheet: Sheet) -> None:
            self._require_rounds(sheet, "delete")
            sheet.rounds.pop()

        return self._edit(sheet_id, token, change, **terms)

    @staticmethod
    def _parse(sheet: Sheet, entry: Mapping[str, Any]) -> dict[str, JSON]:
        if not isinstance(entry, Mapping):
            raise RoundFieldError({"body": "A round is an object."})
        return sheet.kind.parse_round(entry, sheet.n_players, sheet.options)

    @staticmethod
    def _require_rounds(sheet: Sheet, action: str) -> None:
        if not sheet.rounds:
            raise NoRounds(f"the sheet has no round to {action}")

    def _edit(
        self,
        sheet_id: str,
        token: str | None,
        change: Callable[[Sheet], None],
        **terms: Unpack[EditTerms],
    ) -> Sheet:
        """Load, authenticate, check If-Match, change, then write only if nobody else wrote
        since the load (with the idempotency record, in the same script). Every refusal
        happens before the write, so it changes nothing."""
        sheet = self.load(sheet_id)
        self.require_editor(sheet, token)
        check_if_match(terms.get("if_match"), sheet.version, "sheet")
        record = terms.get("record")
        read_version = sheet.version
        change(sheet)
        sheet.version = read_version + 1
        sheet.updated_at = self._clock()
        self.store.save(
            sheet_id,
            read_version,
            sheet.version,
            sheet.to_document(),
            finished=sheet.finished,
            record=record(sheet) if record else None,
        )
        return sheet


__all__ = [
    "InvalidRound",
    "NoRounds",
    "NoScoreSheet",
    "RoundFieldError",
    "ScoreSheetService",
    "Sheet",
    "SheetFinished",
    "SheetRules",
    "TooManyRounds",
    "UnknownSeat",
    "resolve_sheet_options",
    "sheet_game",
]
