from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.move_source import check_move_source
from ..models.move_source import MoveSource
from ..models.move_type import check_move_type
from ..models.move_type import MoveType
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="Move")


@_attrs_define
class Move:
    """
    Attributes:
        type_ (MoveType):
        row (int | Unset): Skyjo row 0..2
        col (int | Unset): Skyjo column 0..3
        source (MoveSource | Unset): Skip-Bo: where the played card comes from
        card (int | Unset): Skip-Bo card, 0 = SKIP-BO
        target (int | Unset): Skip-Bo building pile 0..3
        pile (int | Unset): Skip-Bo discard pile 0..3
        owner (int | Unset): Skip-Bo teams: the partner whose stock/discard is used
    """

    type_: MoveType
    row: int | Unset = UNSET
    col: int | Unset = UNSET
    source: MoveSource | Unset = UNSET
    card: int | Unset = UNSET
    target: int | Unset = UNSET
    pile: int | Unset = UNSET
    owner: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        row = self.row

        col = self.col

        source: str | Unset = UNSET
        if not isinstance(self.source, Unset):
            source = self.source

        card = self.card

        target = self.target

        pile = self.pile

        owner = self.owner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if row is not UNSET:
            field_dict["row"] = row
        if col is not UNSET:
            field_dict["col"] = col
        if source is not UNSET:
            field_dict["source"] = source
        if card is not UNSET:
            field_dict["card"] = card
        if target is not UNSET:
            field_dict["target"] = target
        if pile is not UNSET:
            field_dict["pile"] = pile
        if owner is not UNSET:
            field_dict["owner"] = owner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_move_type(d.pop("type"))

        row = d.pop("row", UNSET)

        col = d.pop("col", UNSET)

        _source = d.pop("source", UNSET)
        source: MoveSource | Unset
        if isinstance(_source, Unset):
            source = UNSET
        else:
            source = check_move_source(_source)

        card = d.pop("card", UNSET)

        target = d.pop("target", UNSET)

        pile = d.pop("pile", UNSET)

        owner = d.pop("owner", UNSET)

        move = cls(
            type_=type_,
            row=row,
            col=col,
            source=source,
            card=card,
            target=target,
            pile=pile,
            owner=owner,
        )

        return move
