from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="NewKey")


@_attrs_define
class NewKey:
    """
    Attributes:
        id (str):
        key (str): The new key; the old one stops working.
    """

    id: str
    key: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        key = self.key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        key = d.pop("key")

        new_key = cls(
            id=id,
            key=key,
        )

        return new_key
