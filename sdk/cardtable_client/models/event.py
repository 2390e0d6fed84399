from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.move import Move


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """One change, as this viewer may see it. `type`: `move` (`seat`, `move` as applied, and its public consequences: Skyjo
    `cells`, `discard_top`, the viewer's own `drawn` card; Skip-Bo `card`, `completed_pile`, `stock_top`, `hand_sizes`,
    the viewer's own `drew`), `reshuffle` (`draw_pile_size`), `round_end` (scores, revealed grids or stocks left),
    `deal` (a new round; Skip-Bo: the viewer's own `hand`), `game_end` (`totals`, `winners`), `join` (`seat`, `name`).
    See docs/events.md.

        Attributes:
            version (int): The version this change created.
            type_ (str):
            seat (int | Unset):
            move (Move | Unset):
    """

    version: int
    type_: str
    seat: int | Unset = UNSET
    move: Move | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move  # noqa: PLC0415

        version = self.version

        type_ = self.type_

        seat = self.seat

        move: dict[str, Any] | Unset = UNSET
        if not isinstance(self.move, Unset):
            move = self.move.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "type": type_,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat
        if move is not UNSET:
            field_dict["move"] = move

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        type_ = d.pop("type")

        seat = d.pop("seat", UNSET)

        _move = d.pop("move", UNSET)
        move: Move | Unset
        if isinstance(_move, Unset):
            move = UNSET
        else:
            move = Move.from_dict(_move)

        event = cls(
            version=version,
            type_=type_,
            seat=seat,
            move=move,
        )

        event.additional_properties = d
        return event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
