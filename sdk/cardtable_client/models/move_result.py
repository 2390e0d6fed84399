from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.applied_move import AppliedMove
    from ..models.skip_bo_view import SkipBoView
    from ..models.skyjo_view import SkyjoView
    from ..models.waiting_view import WaitingView


T = TypeVar("T", bound="MoveResult")


@_attrs_define
class MoveResult:
    """
    Attributes:
        version (int): The game's version now.
        seat (int): The seat that moved.
        applied (list[AppliedMove]): Your move, then each server-bot move it triggered.
        view (SkipBoView | SkyjoView | WaitingView):
    """

    version: int
    seat: int
    applied: list[AppliedMove]
    view: SkipBoView | SkyjoView | WaitingView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.applied_move import AppliedMove  # noqa: PLC0415
        from ..models.skip_bo_view import SkipBoView  # noqa: PLC0415
        from ..models.skyjo_view import SkyjoView  # noqa: PLC0415
        from ..models.waiting_view import WaitingView  # noqa: PLC0415

        version = self.version

        seat = self.seat

        applied = []
        for applied_item_data in self.applied:
            applied_item = applied_item_data.to_dict()
            applied.append(applied_item)

        view: dict[str, Any]
        if isinstance(self.view, SkipBoView):
            view = self.view.to_dict()
        elif isinstance(self.view, SkyjoView):
            view = self.view.to_dict()
        else:
            view = self.view.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "seat": seat,
                "applied": applied,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.applied_move import AppliedMove  # noqa: PLC0415
        from ..models.skip_bo_view import SkipBoView  # noqa: PLC0415
        from ..models.skyjo_view import SkyjoView  # noqa: PLC0415
        from ..models.waiting_view import WaitingView  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        applied = []
        _applied = d.pop("applied")
        for applied_item_data in _applied:
            applied_item = AppliedMove.from_dict(applied_item_data)

            applied.append(applied_item)

        def _parse_view(data: object) -> SkipBoView | SkyjoView | WaitingView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_0 = SkipBoView.from_dict(data)

                return componentsschemas_game_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_1 = SkyjoView.from_dict(data)

                return componentsschemas_game_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_game_view_type_2 = WaitingView.from_dict(data)

            return componentsschemas_game_view_type_2

        view = _parse_view(d.pop("view"))

        move_result = cls(
            version=version,
            seat=seat,
            applied=applied,
            view=view,
        )

        move_result.additional_properties = d
        return move_result

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
