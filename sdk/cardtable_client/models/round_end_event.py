from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.round_end_event_grids_item_item_type_1 import (
    check_round_end_event_grids_item_item_type_1,
)
from ..models.round_end_event_grids_item_item_type_1 import RoundEndEventGridsItemItemType1
from ..models.round_end_event_type import check_round_end_event_type
from ..models.round_end_event_type import RoundEndEventType
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="RoundEndEvent")


@_attrs_define
class RoundEndEvent:
    """The move ended a round: its scores, and the game's own facts of the round.

    Attributes:
        version (int): The version this change created.
        type_ (RoundEndEventType):
        round_ (int):
        scores (list[int]): The round's scores, per seat.
        totals (list[int]): Running totals, per seat.
        drawn (bool | Unset): Nobody won the round.
        winner (int | None | Unset): Seat that emptied the last stock.
        winning_team (list[int] | None | Unset): Teams: both partners of the winner.
        stocks_left (list[int] | Unset): Cards left in each stock when the round ended.
        card_totals (list[int] | Unset): Sum of the cards left in each grid.
        finisher (int | Unset):
        finisher_doubled (bool | Unset):
        grids (list[list[int | RoundEndEventGridsItemItemType1]] | Unset): Each grid at the end of the round, every card
            face up.
        revealed (list[list[int]] | Unset): Per seat, the positions turned up by the final reveal.
    """

    version: int
    type_: RoundEndEventType
    round_: int
    scores: list[int]
    totals: list[int]
    drawn: bool | Unset = UNSET
    winner: int | None | Unset = UNSET
    winning_team: list[int] | None | Unset = UNSET
    stocks_left: list[int] | Unset = UNSET
    card_totals: list[int] | Unset = UNSET
    finisher: int | Unset = UNSET
    finisher_doubled: bool | Unset = UNSET
    grids: list[list[int | RoundEndEventGridsItemItemType1]] | Unset = UNSET
    revealed: list[list[int]] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        type_: str = self.type_

        round_ = self.round_

        scores = self.scores

        totals = self.totals

        drawn = self.drawn

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner

        winning_team: list[int] | None | Unset
        if isinstance(self.winning_team, Unset):
            winning_team = UNSET
        elif isinstance(self.winning_team, list):
            winning_team = self.winning_team

        else:
            winning_team = self.winning_team

        stocks_left: list[int] | Unset = UNSET
        if not isinstance(self.stocks_left, Unset):
            stocks_left = self.stocks_left

        card_totals: list[int] | Unset = UNSET
        if not isinstance(self.card_totals, Unset):
            card_totals = self.card_totals

        finisher = self.finisher

        finisher_doubled = self.finisher_doubled

        grids: list[list[int | str]] | Unset = UNSET
        if not isinstance(self.grids, Unset):
            grids = []
            for grids_item_data in self.grids:
                grids_item: list[int | str] = []
                for grids_item_item_data in grids_item_data:
                    grids_item_item: int | str
                    if isinstance(grids_item_item_data, str):
                        grids_item_item = grids_item_item_data
                    else:
                        grids_item_item = grids_item_item_data
                    grids_item.append(grids_item_item)

                grids.append(grids_item)

        revealed: list[list[int]] | Unset = UNSET
        if not isinstance(self.revealed, Unset):
            revealed = []
            for revealed_item_data in self.revealed:
                revealed_item = revealed_item_data

                revealed.append(revealed_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "round": round_,
                "scores": scores,
                "totals": totals,
            }
        )
        if drawn is not UNSET:
            field_dict["drawn"] = drawn
        if winner is not UNSET:
            field_dict["winner"] = winner
        if winning_team is not UNSET:
            field_dict["winning_team"] = winning_team
        if stocks_left is not UNSET:
            field_dict["stocks_left"] = stocks_left
        if card_totals is not UNSET:
            field_dict["card_totals"] = card_totals
        if finisher is not UNSET:
            field_dict["finisher"] = finisher
        if finisher_doubled is not UNSET:
            field_dict["finisher_doubled"] = finisher_doubled
        if grids is not UNSET:
            field_dict["grids"] = grids
        if revealed is not UNSET:
            field_dict["revealed"] = revealed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_round_end_event_type(d.pop("type"))

        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))

        totals = cast(list[int], d.pop("totals"))

        drawn = d.pop("drawn", UNSET)

        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))

        def _parse_winning_team(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                winning_team_type_0 = cast(list[int], data)

                return winning_team_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        winning_team = _parse_winning_team(d.pop("winning_team", UNSET))

        stocks_left = cast(list[int], d.pop("stocks_left", UNSET))

        card_totals = cast(list[int], d.pop("card_totals", UNSET))

        finisher = d.pop("finisher", UNSET)

        finisher_doubled = d.pop("finisher_doubled", UNSET)

        _grids = d.pop("grids", UNSET)
        grids: list[list[int | RoundEndEventGridsItemItemType1]] | Unset = UNSET
        if _grids is not UNSET:
            grids = []
            for grids_item_data in _grids:
                grids_item = []
                _grids_item = grids_item_data
                for grids_item_item_data in _grids_item:

                    def _parse_grids_item_item(
                        data: object,
                    ) -> int | RoundEndEventGridsItemItemType1:
                        try:
                            if not isinstance(data, str):
                                raise TypeError()
                            grids_item_item_type_1 = check_round_end_event_grids_item_item_type_1(
                                data
                            )

                            return grids_item_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        return cast(int | RoundEndEventGridsItemItemType1, data)

                    grids_item_item = _parse_grids_item_item(grids_item_item_data)

                    grids_item.append(grids_item_item)

                grids.append(grids_item)

        _revealed = d.pop("revealed", UNSET)
        revealed: list[list[int]] | Unset = UNSET
        if _revealed is not UNSET:
            revealed = []
            for revealed_item_data in _revealed:
                revealed_item = cast(list[int], revealed_item_data)

                revealed.append(revealed_item)

        round_end_event = cls(
            version=version,
            type_=type_,
            round_=round_,
            scores=scores,
            totals=totals,
            drawn=drawn,
            winner=winner,
            winning_team=winning_team,
            stocks_left=stocks_left,
            card_totals=card_totals,
            finisher=finisher,
            finisher_doubled=finisher_doubled,
            grids=grids,
            revealed=revealed,
        )

        return round_end_event
