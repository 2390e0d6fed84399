from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_options_stop_rule import check_skip_bo_options_stop_rule
from ..models.skip_bo_options_stop_rule import SkipBoOptionsStopRule
from typing import cast


T = TypeVar("T", bound="SkipBoOptions")


@_attrs_define
class SkipBoOptions:
    """
    Attributes:
        stock_size (int): Cards in each player's stock: 30 with 2-4 players, 20 with 5-6 (the short game uses 10).
            Allowed 1..30 with players x (stock_size + 5) <= 162.
        first_player (int): Seat that starts round 1; in a match the first player moves one seat on each round.
        stop_rule (SkipBoOptionsStopRule): "french": keep building while any build is possible, discard only when none
            is; "english": you may discard (end your turn) at any time.
        target_score (int | None): Play rounds until some total reaches this score (the notices use 500); null: a single
            round decides the game. At most 5000, so a match ends.
        teams (bool): Partnership variant (4 or 6 players): partners sit opposite, may build from each other's stock and
            discard tops, and win together.
        max_turns (int | None): The most turns each seat may take in one round; then the round ends drawn (nobody
            scores), as when nothing is left to draw (default 200, on in every game; null: no limit).
    """

    stock_size: int
    first_player: int
    stop_rule: SkipBoOptionsStopRule
    target_score: int | None
    teams: bool
    max_turns: int | None

    def to_dict(self) -> dict[str, Any]:
        stock_size = self.stock_size

        first_player = self.first_player

        stop_rule: str = self.stop_rule

        target_score: int | None
        target_score = self.target_score

        teams = self.teams

        max_turns: int | None
        max_turns = self.max_turns

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "stock_size": stock_size,
                "first_player": first_player,
                "stop_rule": stop_rule,
                "target_score": target_score,
                "teams": teams,
                "max_turns": max_turns,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stock_size = d.pop("stock_size")

        first_player = d.pop("first_player")

        stop_rule = check_skip_bo_options_stop_rule(d.pop("stop_rule"))

        def _parse_target_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        target_score = _parse_target_score(d.pop("target_score"))

        teams = d.pop("teams")

        def _parse_max_turns(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_turns = _parse_max_turns(d.pop("max_turns"))

        skip_bo_options = cls(
            stock_size=stock_size,
            first_player=first_player,
            stop_rule=stop_rule,
            target_score=target_score,
            teams=teams,
            max_turns=max_turns,
        )

        return skip_bo_options
