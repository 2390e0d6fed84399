from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_last_round_grids_item_item_type_1 import (
    check_skyjo_last_round_grids_item_item_type_1,
)
from ..models.skyjo_last_round_grids_item_item_type_1 import SkyjoLastRoundGridsItemItemType1
from typing import cast


T = TypeVar("T", bound="SkyjoLastRound")


@_attrs_define
class SkyjoLastRound:
    """
    Attributes:
        round_ (int):
        scores (list[int]): Round scores, the finisher's doubling included.
        card_totals (list[int]): Sum of the cards left in each grid.
        finisher (int):
        finisher_doubled (bool):
        grids (list[list[int | SkyjoLastRoundGridsItemItemType1]]): Each grid at the end of the round, every card face
            up.
        revealed (list[list[int]]): Per seat, the positions turned up by the final reveal.
    """

    round_: int
    scores: list[int]
    card_totals: list[int]
    finisher: int
    finisher_doubled: bool
    grids: list[list[int | SkyjoLastRoundGridsItemItemType1]]
    revealed: list[list[int]]

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        scores = self.scores

        card_totals = self.card_totals

        finisher = self.finisher

        finisher_doubled = self.finisher_doubled

        grids = []
        for grids_item_data in self.grids:
            grids_item = []
            for grids_item_item_data in grids_item_data:
                grids_item_item: int | str
                if isinstance(grids_item_item_data, str):
                    grids_item_item = grids_item_item_data
                else:
                    grids_item_item = grids_item_item_data
                grids_item.append(grids_item_item)

            grids.append(grids_item)

        revealed = []
        for revealed_item_data in self.revealed:
            revealed_item = revealed_item_data

            revealed.append(revealed_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "scores": scores,
                "card_totals": card_totals,
                "finisher": finisher,
                "finisher_doubled": finisher_doubled,
                "grids": grids,
                "revealed": revealed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))

        card_totals = cast(list[int], d.pop("card_totals"))

        finisher = d.pop("finisher")

        finisher_doubled = d.pop("finisher_doubled")

        grids = []
        _grids = d.pop("grids")
        for grids_item_data in _grids:
            grids_item = []
            _grids_item = grids_item_data
            for grids_item_item_data in _grids_item:

                def _parse_grids_item_item(data: object) -> int | SkyjoLastRoundGridsItemItemType1:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        grids_item_item_type_1 = check_skyjo_last_round_grids_item_item_type_1(data)

                        return grids_item_item_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(int | SkyjoLastRoundGridsItemItemType1, data)

                grids_item_item = _parse_grids_item_item(grids_item_item_data)

                grids_item.append(grids_item_item)

            grids.append(grids_item)

        revealed = []
        _revealed = d.pop("revealed")
        for revealed_item_data in _revealed:
            revealed_item = cast(list[int], revealed_item_data)

            revealed.append(revealed_item)

        skyjo_last_round = cls(
            round_=round_,
            scores=scores,
            card_totals=card_totals,
            finisher=finisher,
            finisher_doubled=finisher_doubled,
            grids=grids,
            revealed=revealed,
        )

        return skyjo_last_round
