from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_player_grid_item_type_1 import check_skyjo_player_grid_item_type_1
from ..models.skyjo_player_grid_item_type_1 import SkyjoPlayerGridItemType1
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="SkyjoPlayer")


@_attrs_define
class SkyjoPlayer:
    """
    Attributes:
        seat (int):
        name (str):
        grid (list[int | None | SkyjoPlayerGridItemType1]): The 12 positions row by row (row 0 columns 0..3, then rows 1
            and 2); positions keep their place when a column is removed.
        visible_sum (int): Sum of this grid's face-up cards.
        face_down (int): Face-down cards left.
        reveals_left (int): Setup reveals this seat still has to make.
        holding_drawn (bool): This seat has drawn a card and not yet placed it.
        total (int): Running total of the completed rounds.
        player (str | Unset): A rated game (made by the queue): the id of the rated player at this seat.
    """

    seat: int
    name: str
    grid: list[int | None | SkyjoPlayerGridItemType1]
    visible_sum: int
    face_down: int
    reveals_left: int
    holding_drawn: bool
    total: int
    player: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        grid = []
        for grid_item_data in self.grid:
            grid_item: int | None | str
            if isinstance(grid_item_data, str):
                grid_item = grid_item_data
            else:
                grid_item = grid_item_data
            grid.append(grid_item)

        visible_sum = self.visible_sum

        face_down = self.face_down

        reveals_left = self.reveals_left

        holding_drawn = self.holding_drawn

        total = self.total

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "grid": grid,
                "visible_sum": visible_sum,
                "face_down": face_down,
                "reveals_left": reveals_left,
                "holding_drawn": holding_drawn,
                "total": total,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        grid = []
        _grid = d.pop("grid")
        for grid_item_data in _grid:

            def _parse_grid_item(data: object) -> int | None | SkyjoPlayerGridItemType1:
                if data is None:
                    return data
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    grid_item_type_1 = check_skyjo_player_grid_item_type_1(data)

                    return grid_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(int | None | SkyjoPlayerGridItemType1, data)

            grid_item = _parse_grid_item(grid_item_data)

            grid.append(grid_item)

        visible_sum = d.pop("visible_sum")

        face_down = d.pop("face_down")

        reveals_left = d.pop("reveals_left")

        holding_drawn = d.pop("holding_drawn")

        total = d.pop("total")

        player = d.pop("player", UNSET)

        skyjo_player = cls(
            seat=seat,
            name=name,
            grid=grid,
            visible_sum=visible_sum,
            face_down=face_down,
            reveals_left=reveals_left,
            holding_drawn=holding_drawn,
            total=total,
            player=player,
        )

        return skyjo_player
