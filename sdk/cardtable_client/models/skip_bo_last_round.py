from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="SkipBoLastRound")


@_attrs_define
class SkipBoLastRound:
    """
    Attributes:
        round_ (int):
        drawn (bool): Nobody won the round.
        winner (int | None): Seat that emptied the last stock.
        winning_team (list[int] | None): Teams: both partners of the winner.
        scores (list[int]):
        stocks_left (list[int]): Cards left in each stock when the round ended.
    """

    round_: int
    drawn: bool
    winner: int | None
    winning_team: list[int] | None
    scores: list[int]
    stocks_left: list[int]

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        drawn = self.drawn

        winner: int | None
        winner = self.winner

        winning_team: list[int] | None
        if isinstance(self.winning_team, list):
            winning_team = self.winning_team

        else:
            winning_team = self.winning_team

        scores = self.scores

        stocks_left = self.stocks_left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "drawn": drawn,
                "winner": winner,
                "winning_team": winning_team,
                "scores": scores,
                "stocks_left": stocks_left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        drawn = d.pop("drawn")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_winning_team(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                winning_team_type_0 = cast(list[int], data)

                return winning_team_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        winning_team = _parse_winning_team(d.pop("winning_team"))

        scores = cast(list[int], d.pop("scores"))

        stocks_left = cast(list[int], d.pop("stocks_left"))

        skip_bo_last_round = cls(
            round_=round_,
            drawn=drawn,
            winner=winner,
            winning_team=winning_team,
            scores=scores,
            stocks_left=stocks_left,
        )

        return skip_bo_last_round
