from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_play_stock_move_source import check_skip_bo_play_stock_move_source
from ..models.skip_bo_play_stock_move_source import SkipBoPlayStockMoveSource
from ..models.skip_bo_play_stock_move_type import check_skip_bo_play_stock_move_type
from ..models.skip_bo_play_stock_move_type import SkipBoPlayStockMoveType
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="SkipBoPlayStockMove")


@_attrs_define
class SkipBoPlayStockMove:
    """Play your stock's top.

    Attributes:
        type_ (SkipBoPlayStockMoveType):
        source (SkipBoPlayStockMoveSource):
        target (int): The building pile, 0..3.
        owner (int | Unset): Teams: the partner whose stock or discard pile is used.
    """

    type_: SkipBoPlayStockMoveType
    source: SkipBoPlayStockMoveSource
    target: int
    owner: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        source: str = self.source

        target = self.target

        owner = self.owner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "source": source,
                "target": target,
            }
        )
        if owner is not UNSET:
            field_dict["owner"] = owner

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_skip_bo_play_stock_move_type(d.pop("type"))

        source = check_skip_bo_play_stock_move_source(d.pop("source"))

        target = d.pop("target")

        owner = d.pop("owner", UNSET)

        skip_bo_play_stock_move = cls(
            type_=type_,
            source=source,
            target=target,
            owner=owner,
        )

        return skip_bo_play_stock_move
