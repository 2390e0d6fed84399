from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="SkipBoPlayer")


@_attrs_define
class SkipBoPlayer:
    """
    Attributes:
        seat (int):
        name (str):
        hand_size (int):
        stock_size (int): Cards left in this seat's stock.
        stock_top (int | None): The stock's face-up top card (0 = SKIP-BO); null when empty.
        discard_piles (list[list[int]]): The seat's 4 discard piles, each bottom first (top card last); discard piles
            are face up, every card is visible.
        partner (int | None): Teams: the partner's seat.
        team (int | None): Teams: the team number.
        total (int): Running total of points.
        player (str | Unset): A rated game (made by the queue): the id of the rated player at this seat.
    """

    seat: int
    name: str
    hand_size: int
    stock_size: int
    stock_top: int | None
    discard_piles: list[list[int]]
    partner: int | None
    team: int | None
    total: int
    player: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        hand_size = self.hand_size

        stock_size = self.stock_size

        stock_top: int | None
        stock_top = self.stock_top

        discard_piles = []
        for discard_piles_item_data in self.discard_piles:
            discard_piles_item = discard_piles_item_data

            discard_piles.append(discard_piles_item)

        partner: int | None
        partner = self.partner

        team: int | None
        team = self.team

        total = self.total

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "hand_size": hand_size,
                "stock_size": stock_size,
                "stock_top": stock_top,
                "discard_piles": discard_piles,
                "partner": partner,
                "team": team,
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

        hand_size = d.pop("hand_size")

        stock_size = d.pop("stock_size")

        def _parse_stock_top(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        stock_top = _parse_stock_top(d.pop("stock_top"))

        discard_piles = []
        _discard_piles = d.pop("discard_piles")
        for discard_piles_item_data in _discard_piles:
            discard_piles_item = cast(list[int], discard_piles_item_data)

            discard_piles.append(discard_piles_item)

        def _parse_partner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        partner = _parse_partner(d.pop("partner"))

        def _parse_team(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        team = _parse_team(d.pop("team"))

        total = d.pop("total")

        player = d.pop("player", UNSET)

        skip_bo_player = cls(
            seat=seat,
            name=name,
            hand_size=hand_size,
            stock_size=stock_size,
            stock_top=stock_top,
            discard_piles=discard_piles,
            partner=partner,
            team=team,
            total=total,
            player=player,
        )

        return skip_bo_player
