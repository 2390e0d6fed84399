from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_play_hand_move_source import check_skip_bo_play_hand_move_source
from ..models.skip_bo_play_hand_move_source import SkipBoPlayHandMoveSource
from ..models.skip_bo_play_hand_move_type import check_skip_bo_play_hand_move_type
from ..models.skip_bo_play_hand_move_type import SkipBoPlayHandMoveType
from typing import cast


T = TypeVar("T", bound="SkipBoPlayHandMove")


@_attrs_define
class SkipBoPlayHandMove:
    """Play a card of your hand.

    Attributes:
        type_ (SkipBoPlayHandMoveType):
        source (SkipBoPlayHandMoveSource):
        card (int): The card's value, 0 = SKIP-BO.
        target (int): The building pile, 0..3.
    """

    type_: SkipBoPlayHandMoveType
    source: SkipBoPlayHandMoveSource
    card: int
    target: int

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        source: str = self.source

        card = self.card

        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "source": source,
                "card": card,
                "target": target,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_skip_bo_play_hand_move_type(d.pop("type"))

        source = check_skip_bo_play_hand_move_source(d.pop("source"))

        card = d.pop("card")

        target = d.pop("target")

        skip_bo_play_hand_move = cls(
            type_=type_,
            source=source,
            card=card,
            target=target,
        )

        return skip_bo_play_hand_move
