from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="TableSetting")


@_attrs_define
class TableSetting:
    """
    Attributes:
        type_ (str):
        description (str):
        nullable (bool):
        default (Any | Unset):
        minimum (int | None | Unset):
        maximum (int | None | Unset):
    """

    type_: str
    description: str
    nullable: bool
    default: Any | Unset = UNSET
    minimum: int | None | Unset = UNSET
    maximum: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        description = self.description

        nullable = self.nullable

        default = self.default

        minimum: int | None | Unset
        if isinstance(self.minimum, Unset):
            minimum = UNSET
        else:
            minimum = self.minimum

        maximum: int | None | Unset
        if isinstance(self.maximum, Unset):
            maximum = UNSET
        else:
            maximum = self.maximum

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "description": description,
                "nullable": nullable,
            }
        )
        if default is not UNSET:
            field_dict["default"] = default
        if minimum is not UNSET:
            field_dict["minimum"] = minimum
        if maximum is not UNSET:
            field_dict["maximum"] = maximum

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        description = d.pop("description")

        nullable = d.pop("nullable")

        default = d.pop("default", UNSET)

        def _parse_minimum(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        minimum = _parse_minimum(d.pop("minimum", UNSET))

        def _parse_maximum(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maximum = _parse_maximum(d.pop("maximum", UNSET))

        table_setting = cls(
            type_=type_,
            description=description,
            nullable=nullable,
            default=default,
            minimum=minimum,
            maximum=maximum,
        )

        return table_setting
