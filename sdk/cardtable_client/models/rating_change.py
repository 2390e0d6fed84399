from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="RatingChange")


@_attrs_define
class RatingChange:
    """
    Attributes:
        seat (int):
        player (str): The rated player's id.
        before (float): Displayed rating before.
        after (float): Displayed rating after.
        placement (int | Unset): 1 = first; equal places tie.
        team (int | Unset): Team games only: the seat's team (seats i and i + n/2 are team i); `placement` is the team's
            place.
    """

    seat: int
    player: str
    before: float
    after: float
    placement: int | Unset = UNSET
    team: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player = self.player

        before = self.before

        after = self.after

        placement = self.placement

        team = self.team

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "player": player,
                "before": before,
                "after": after,
            }
        )
        if placement is not UNSET:
            field_dict["placement"] = placement
        if team is not UNSET:
            field_dict["team"] = team

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        player = d.pop("player")

        before = d.pop("before")

        after = d.pop("after")

        placement = d.pop("placement", UNSET)

        team = d.pop("team", UNSET)

        rating_change = cls(
            seat=seat,
            player=player,
            before=before,
            after=after,
            placement=placement,
            team=team,
        )

        return rating_change
