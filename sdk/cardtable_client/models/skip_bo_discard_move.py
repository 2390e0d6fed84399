from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_discard_move_type import check_skip_bo_discard_move_type
from ..models.skip_bo_discard_move_type import SkipBoDiscardMoveType
from typing import cast


T = TypeVar("T", bound="SkipBoDiscardMove")


@_attrs_define
class SkipBoDiscardMove:
    """End the turn: put a card of your hand on a discard.

    Attributes:
        type_ (SkipBoDiscardMoveType):
        card (int): The card's value, 0 = SKIP-BO.
        pile (int): Your discard pile, 0..3.
    """

    type_: SkipBoDiscardMoveType
    card: int
    pile: int

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        card = self.card

        pile = self.pile

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "card": card,
                "pile": pile,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_skip_bo_discard_move_type(d.pop("type"))

        card = d.pop("card")

        pile = d.pop("pile")

        skip_bo_discard_move = cls(
            type_=type_,
            card=card,
            pile=pile,
        )

        return skip_bo_discard_move
