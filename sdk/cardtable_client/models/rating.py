from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """
    Attributes:
        rating (float): Displayed rating, 1000 + 40 * (mu - 3 sigma): conservative.
        games (int): Rated games finished.
        mu (float): The model's skill estimate.
        sigma (float): Its uncertainty.
    """

    rating: float
    games: int
    mu: float
    sigma: float

    def to_dict(self) -> dict[str, Any]:
        rating = self.rating

        games = self.games

        mu = self.mu

        sigma = self.sigma

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rating": rating,
                "games": games,
                "mu": mu,
                "sigma": sigma,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rating = d.pop("rating")

        games = d.pop("games")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        rating = cls(
            rating=rating,
            games=games,
            mu=mu,
            sigma=sigma,
        )

        return rating
