"""Score sheets for tables that play with real cards: players enter each round's result, the
sheet counts it with the engines' own scoring functions and keeps running totals, standings,
the end of the game and the winners. Knows nothing of HTTP.

A stored sheet holds only what was entered (names, scoring options, rounds as typed in) and
the SHA-256 of its edit token; everything counted is derived on every read, so a fix to a
scoring rule applies to existing sheets too and nothing counted can drift from the entries.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict, Unpack

from cardtable.documents.schema import check_schema_version
from cardtable.store import DocumentStore, Stored
from cardtable.store.documents import Record
from cardtable_engine import scoring
from cardtable_engine.base import JSON, InvalidOptions
from cardtable_engine.checks import is_int
from cardtable_engine.games.skipbo import scoring as skipbo_scoring
from cardtable_engine.games.skyjo import scoring as skyjo_scoring
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
from cardtable_engine.registry import get_rules

DOCUMENT_SCHEMA_VERSION = 1
Entry = Mapping[str, Any]
Rounds = Sequence[Entry]
Recorder = Callable[..., Record] | None
"""An idempotency record hook (see cardtable.games.idempotency): called with the edit's result,
it gives the record that the same compare-and-set writes."""


class EditTerms(TypedDict, total=False):
    """What every edit of a sheet (adding, replacing or deleting a round) may be given."""

    if_match: int | None
    """Edit only a sheet still at this version (else StaleVersion, nothing changed)."""
    record: Recorder
    """Makes, from the edited sheet, the idempotency record written with it."""


Options = Mapping[str, JSON]
# Keeps a sheet's document small; no real game comes near (Skyjo's max_rounds tops out here).
MAX_ROUNDS = 1000
# A Skyjo grid is 12 cards of -2..12, so its total lies in -24..144 (removed columns only
# bring it closer to 0); anything outside is a typing mistake.
SKYJO_MIN_CARD_TOTAL = -2 * 12
SKYJO_MAX_CARD_TOTAL = 12 * 12


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


class InvalidRound(ServiceError):
    """The round's numbers are not possible: wrong count, out of range, a winner with cards
    left in the stock, and the like."""

    code = "invalid_round"


class UnknownSeat(ServiceError):
    """A finisher or winner that is not a seat of this sheet."""

    code = "invalid_seat"


class RoundFieldError(ServiceError):
    """A field the sheet's game does not take, a missing one, or one of the wrong type.

    Uses the API's `validation_error` code and its `details.fields` shape (field messages
    under the request location, "json"), so a client meets the same error whether the
    request schema or the sheet's game refused the field.
    """

    code = "validation_error"

    def __init__(self, fields: Mapping[str, str]):
        summary = "; ".join(f"{name}: {text}" for name, text in fields.items())
        super().__init__(
            f"invalid request: {summary}",
            fields={"json": {name: [text] for name, text in fields.items()}},
        )


# --------------------------------------------------------------------------------------
# Per game: which options a sheet takes, what a round entry holds and how it is counted.
# --------------------------------------------------------------------------------------


def _check_fields(
    entry: Mapping[str, Any], game_title: str, allowed: set[str], required: set[str]
) -> None:
    problems: dict[str, str] = {}
    for name in sorted(set(entry) - allowed):
        problems[name] = f"Unknown field for a {game_title} score sheet."
    for name in sorted(required - set(entry)):
        problems[name] = "Missing data for required field."
    if problems:
        raise RoundFieldError(problems)


def _int_list(entry: Mapping[str, Any], name: str, n_players: int) -> list[int]:
    values = entry[name]
    if not isinstance(values, list) or not all(is_int(v) for v in values):
        raise RoundFieldError({name: "Must be a list of integers, one per player."})
    if len(values) != n_players:
        raise InvalidRound(
            f"{name} must list {n_players} numbers, one per player in seat order;"
            f" got {len(values)}",
            field=name,
            expected=n_players,
            received=len(values),
        )
    return list(values)


def _seat_or_none(entry: Mapping[str, Any], name: str, n_players: int) -> int | None:
    value = entry[name]
    if value is None:
        return None
    if not is_int(value):
        raise RoundFieldError({name: "Not a valid integer."})
    if not 0 <= value < n_players:
        raise UnknownSeat(
            f"{name} must be a seat from 0 to {n_players - 1} (or null), not {value}",
            field=name,
            seat=value,
        )
    seat: int = value
    return seat


class SheetGame(ABC):
    """How one game is scored on a sheet; every rule itself comes from the engine's scoring."""

    game: ClassVar[str]
    title: ClassVar[str]
    option_names: ClassVar[tuple[str, ...]]
    lower_is_better: ClassVar[bool]

    @abstractmethod
    def parse_round(
        self, entry: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        """The entry, checked and normalized to what the sheet stores."""
        ...

    @abstractmethod
    def count_round(
        self, entered: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        """The round as counted: at least `scores`, plus what explains them."""
        ...

    @abstractmethod
    def is_over(self, totals: Sequence[int], rounds: Rounds, options: Options) -> bool: ...

    @abstractmethod
    def winners(self, totals: Sequence[int], rounds: Rounds) -> list[int]: ...


class SkyjoSheet(SheetGame):
    game = "skyjo"
    title = "Skyjo"
    option_names = ("end_score", "max_rounds", "finisher_penalty")
    lower_is_better = True

    def parse_round(
        self, entry: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        # The finisher is required (null for "nobody") so that forgetting it cannot silently
        # skip the doubling.
        _check_fields(entry, self.title, {"card_totals", "finisher"}, {"card_totals", "finisher"})
        card_totals = _int_list(entry, "card_totals", n_players)
        for seat, total in enumerate(card_totals):
            if not SKYJO_MIN_CARD_TOTAL <= total <= SKYJO_MAX_CARD_TOTAL:
                raise InvalidRound(
                    f"card_totals[{seat}] is {total}, but 12 cards of -2..12 sum to"
                    f" {SKYJO_MIN_CARD_TOTAL}..{SKYJO_MAX_CARD_TOTAL}",
                    field="card_totals",
                    seat=seat,
                )
        finisher = _seat_or_none(entry, "finisher", n_players)
        return {"card_totals": card_totals, "finisher": finisher}

    def count_round(
        self, entered: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        card_totals: list[int] = entered["card_totals"]
        finisher: int | None = entered["finisher"]
        scores = skyjo_scoring.round_scores(
            card_totals, finisher, finisher_penalty=bool(options["finisher_penalty"])
        )
        doubled = finisher is not None and scores[finisher] != card_totals[finisher]
        return {
            "card_totals": list(card_totals),
            "finisher": finisher,
            "finisher_doubled": doubled,
            "scores": scores,
        }

    def is_over(self, totals: Sequence[int], rounds: Rounds, options: Options) -> bool:
        return skyjo_scoring.is_game_over(
            totals, len(rounds), options["end_score"], options["max_rounds"]
        )

    def winners(self, totals: Sequence[int], rounds: Rounds) -> list[int]:
        return skyjo_scoring.winners(totals)


class SkipBoSheet(SheetGame):
    game = "skipbo"
    title = "Skip-Bo"
    option_names = ("target_score", "teams")
    lower_is_better = False

    def parse_round(
        self, entry: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        _check_fields(entry, self.title, {"winner", "stocks_left"}, {"winner"})
        winner = _seat_or_none(entry, "winner", n_players)
        stocks_given = entry.get("stocks_left") is not None
        if winner is not None and not stocks_given:
            # Only the points of a won round depend on the stocks.
            raise RoundFieldError({"stocks_left": "Required when the round has a winner."})
        if not stocks_given:
            return {"winner": winner, "stocks_left": None}
        stocks_left = _int_list(entry, "stocks_left", n_players)
        largest = _largest_stock()
        for seat, cards in enumerate(stocks_left):
            if not 0 <= cards <= largest:
                raise InvalidRound(
                    f"stocks_left[{seat}] is {cards}; a stock holds 0 to {largest} cards",
                    field="stocks_left",
                    seat=seat,
                )
        self._check_stocks(stocks_left, winner, bool(options["teams"]))
        return {"winner": winner, "stocks_left": stocks_left}

    @staticmethod
    def _check_stocks(stocks_left: list[int], winner: int | None, teams: bool) -> None:
        """A round ends the moment a side's stocks are all empty, so the winner's side has
        no card left and no other side has emptied all of its stocks."""
        n = len(stocks_left)
        sides = (
            sorted({skipbo_scoring.team_of(seat, n) for seat in range(n)})
            if teams
            else [(seat,) for seat in range(n)]
        )
        for side in sides:
            emptied = all(stocks_left[seat] == 0 for seat in side)
            who = " and ".join(f"seat {seat}" for seat in side)
            if winner is not None and winner in side and not emptied:
                left = [seat for seat in side if stocks_left[seat] != 0]
                raise InvalidRound(
                    f"the winner's side ({who}) must have 0 cards left in stock;"
                    f" stocks_left[{left[0]}] is {stocks_left[left[0]]}",
                    field="stocks_left",
                    seat=left[0],
                )
            if emptied and (winner is None or winner not in side):
                outcome = "this round was drawn" if winner is None else f"seat {winner} won"
                raise InvalidRound(
                    f"{who} {'has' if len(side) == 1 else 'have'} 0 cards left in stock,"
                    f" which ends the round with {'them' if len(side) > 1 else 'that seat'}"
                    f" as winner, but {outcome}",
                    field="stocks_left",
                    seat=side[0],
                )

    def count_round(
        self, entered: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        winner: int | None = entered["winner"]
        stocks_left: list[int] | None = entered["stocks_left"]
        if stocks_left is None:
            # Only a drawn round may be entered without stocks, and nobody scores in it.
            scores = [0] * n_players
        else:
            scores = skipbo_scoring.round_scores(stocks_left, winner, teams=bool(options["teams"]))
        return {
            "winner": winner,
            "stocks_left": None if stocks_left is None else list(stocks_left),
            "scores": scores,
        }

    def is_over(self, totals: Sequence[int], rounds: Rounds, options: Options) -> bool:
        return skipbo_scoring.is_game_over(totals, len(rounds), options["target_score"])

    def winners(self, totals: Sequence[int], rounds: Rounds) -> list[int]:
        rounds_won = sum(1 for entered in rounds if entered["winner"] is not None)
        return skipbo_scoring.winners(totals, rounds_won)


def _largest_stock() -> int:
    """The largest stock the Skip-Bo rules allow (the `stock_size` option's maximum)."""
    for spec in get_rules("skipbo").option_specs:
        if spec.name == "stock_size" and spec.maximum is not None:
            return spec.maximum
    raise RuntimeError("Skip-Bo has no bounded stock_size option")


SHEET_GAMES: dict[str, SheetGame] = {sheet.game: sheet for sheet in (SkyjoSheet(), SkipBoSheet())}


def sheet_game(game: object) -> SheetGame:
    """The sheet rules of a hosted game (UnknownGame, a 422, for any other name)."""
    rules = get_rules(game)
    return SHEET_GAMES[rules.name]


def resolve_sheet_options(game: str, options: Options | None, n_players: int) -> dict[str, JSON]:
    """The sheet's scoring options, checked by the game's own option specs and cross-checks
    (so a sheet accepts exactly what a game would), with the game's defaults filled in."""
    rules = get_rules(game)
    kind = SHEET_GAMES[rules.name]
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
    def kind(self) -> SheetGame:
        return SHEET_GAMES[self.game]

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
        if doc.get("game") not in SHEET_GAMES:
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
    "SHEET_GAMES",
    "InvalidRound",
    "NoRounds",
    "RoundFieldError",
    "ScoreSheetService",
    "Sheet",
    "SheetFinished",
    "SheetGame",
    "SkipBoSheet",
    "SkyjoSheet",
    "TooManyRounds",
    "UnknownSeat",
    "resolve_sheet_options",
    "sheet_game",
]
