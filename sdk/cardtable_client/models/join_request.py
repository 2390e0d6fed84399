from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="JoinRequest")


@_attrs_define
class JoinRequest:
    """
    Attributes:
        name (str): 1..40 characters (else 422 `invalid_name`).
        invite (str | Unset): The game's invite; may be left out for a public game.
    """

    name: str
    invite: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        invite = self.invite

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if invite is not UNSET:
            field_dict["invite"] = invite

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        invite = d.pop("invite", UNSET)

        join_request = cls(
            name=name,
            invite=invite,
        )

        return join_request
