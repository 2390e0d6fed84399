from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.start_request_fill import check_start_request_fill
from ..models.start_request_fill import StartRequestFill
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="StartRequest")


@_attrs_define
class StartRequest:
    """
    Attributes:
        fill (StartRequestFill | Unset): The server bot that takes every open seat. Default: 'greedy'.
        invite (str | Unset): Start as the invite's holder instead of the creator's seat.
    """

    fill: StartRequestFill | Unset = "greedy"
    invite: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        fill: str | Unset = UNSET
        if not isinstance(self.fill, Unset):
            fill = self.fill

        invite = self.invite

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if fill is not UNSET:
            field_dict["fill"] = fill
        if invite is not UNSET:
            field_dict["invite"] = invite

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _fill = d.pop("fill", UNSET)
        fill: StartRequestFill | Unset
        if isinstance(_fill, Unset):
            fill = UNSET
        else:
            fill = check_start_request_fill(_fill)

        invite = d.pop("invite", UNSET)

        start_request = cls(
            fill=fill,
            invite=invite,
        )

        return start_request
