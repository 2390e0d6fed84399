from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.round_score import RoundScore


T = TypeVar("T", bound="Score")


@_attrs_define
class Score:
    """
    Attributes:
        finished (bool):
        rounds (list[RoundScore]):
        totals (list[int]):
        winners (list[int]):
    """

    finished: bool
    rounds: list[RoundScore]
    totals: list[int]
    winners: list[int]

    def to_dict(self) -> dict[str, Any]:
        finished = self.finished

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        totals = self.totals

        winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "finished": finished,
                "rounds": rounds,
                "totals": totals,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.round_score import RoundScore

        d = dict(src_dict)
        finished = d.pop("finished")

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RoundScore.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        totals = cast(list[int], d.pop("totals"))

        winners = cast(list[int], d.pop("winners"))

        score = cls(
            finished=finished,
            rounds=rounds,
            totals=totals,
            winners=winners,
        )

        return score
