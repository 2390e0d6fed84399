from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.option_description_type import check_option_description_type
from ..models.option_description_type import OptionDescriptionType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.option_description_default_by_players_type_0 import (
        OptionDescriptionDefaultByPlayersType0,
    )


T = TypeVar("T", bound="OptionDescription")


@_attrs_define
class OptionDescription:
    """
    Attributes:
        type_ (OptionDescriptionType):
        description (str):
        nullable (bool):
        name (str):
        default (Any | Unset): null means none
        minimum (int | None | Unset):
        maximum (int | None | Unset):
        default_by_players (None | OptionDescriptionDefaultByPlayersType0 | Unset): Defaults that depend on the player
            count, by count.
        choices (list[str] | None | Unset):
    """

    type_: OptionDescriptionType
    description: str
    nullable: bool
    name: str
    default: Any | Unset = UNSET
    minimum: int | None | Unset = UNSET
    maximum: int | None | Unset = UNSET
    default_by_players: None | OptionDescriptionDefaultByPlayersType0 | Unset = UNSET
    choices: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.option_description_default_by_players_type_0 import (
            OptionDescriptionDefaultByPlayersType0,
        )  # noqa: PLC0415

        type_: str = self.type_

        description = self.description

        nullable = self.nullable

        name = self.name

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

        default_by_players: dict[str, Any] | None | Unset
        if isinstance(self.default_by_players, Unset):
            default_by_players = UNSET
        elif isinstance(self.default_by_players, OptionDescriptionDefaultByPlayersType0):
            default_by_players = self.default_by_players.to_dict()
        else:
            default_by_players = self.default_by_players

        choices: list[str] | None | Unset
        if isinstance(self.choices, Unset):
            choices = UNSET
        elif isinstance(self.choices, list):
            choices = self.choices

        else:
            choices = self.choices

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "description": description,
                "nullable": nullable,
                "name": name,
            }
        )
        if default is not UNSET:
            field_dict["default"] = default
        if minimum is not UNSET:
            field_dict["minimum"] = minimum
        if maximum is not UNSET:
            field_dict["maximum"] = maximum
        if default_by_players is not UNSET:
            field_dict["default_by_players"] = default_by_players
        if choices is not UNSET:
            field_dict["choices"] = choices

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.option_description_default_by_players_type_0 import (
            OptionDescriptionDefaultByPlayersType0,
        )  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_option_description_type(d.pop("type"))

        description = d.pop("description")

        nullable = d.pop("nullable")

        name = d.pop("name")

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

        def _parse_default_by_players(
            data: object,
        ) -> None | OptionDescriptionDefaultByPlayersType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                default_by_players_type_0 = OptionDescriptionDefaultByPlayersType0.from_dict(data)

                return default_by_players_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OptionDescriptionDefaultByPlayersType0 | Unset, data)

        default_by_players = _parse_default_by_players(d.pop("default_by_players", UNSET))

        def _parse_choices(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                choices_type_0 = cast(list[str], data)

                return choices_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        choices = _parse_choices(d.pop("choices", UNSET))

        option_description = cls(
            type_=type_,
            description=description,
            nullable=nullable,
            name=name,
            default=default,
            minimum=minimum,
            maximum=maximum,
            default_by_players=default_by_players,
            choices=choices,
        )

        return option_description
