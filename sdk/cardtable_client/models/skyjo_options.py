from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_options_later_round_starter import check_skyjo_options_later_round_starter
from ..models.skyjo_options_later_round_starter import SkyjoOptionsLaterRoundStarter
from typing import cast


T = TypeVar("T", bound="SkyjoOptions")


@_attrs_define
class SkyjoOptions:
    """
    Attributes:
        initial_reveals (int): Cards each player turns face up before the first turn of a round.
        later_round_starter (SkyjoOptionsLaterRoundStarter): Who starts rounds after the first: 'finisher' (whoever
            ended the previous round) or 'highest_sum' (the highest sum of face-up cards after the setup reveals).
        end_score (int): The game ends after the round in which some total reaches this score.
        max_rounds (int | None): The game also ends after this many rounds (null: no limit).
        finisher_penalty (bool): Double the finisher's positive round score when another player scored the same or less.
        max_turns (int | None): The most turns each seat may take in one round; then the round ends as it lies: every
            card is turned up and scored, as if the lowest total had finished (default 100, on in every game; null: no
            limit).
    """

    initial_reveals: int
    later_round_starter: SkyjoOptionsLaterRoundStarter
    end_score: int
    max_rounds: int | None
    finisher_penalty: bool
    max_turns: int | None

    def to_dict(self) -> dict[str, Any]:
        initial_reveals = self.initial_reveals

        later_round_starter: str = self.later_round_starter

        end_score = self.end_score

        max_rounds: int | None
        max_rounds = self.max_rounds

        finisher_penalty = self.finisher_penalty

        max_turns: int | None
        max_turns = self.max_turns

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "initial_reveals": initial_reveals,
                "later_round_starter": later_round_starter,
                "end_score": end_score,
                "max_rounds": max_rounds,
                "finisher_penalty": finisher_penalty,
                "max_turns": max_turns,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        initial_reveals = d.pop("initial_reveals")

        later_round_starter = check_skyjo_options_later_round_starter(d.pop("later_round_starter"))

        end_score = d.pop("end_score")

        def _parse_max_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_rounds = _parse_max_rounds(d.pop("max_rounds"))

        finisher_penalty = d.pop("finisher_penalty")

        def _parse_max_turns(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_turns = _parse_max_turns(d.pop("max_turns"))

        skyjo_options = cls(
            initial_reveals=initial_reveals,
            later_round_starter=later_round_starter,
            end_score=end_score,
            max_rounds=max_rounds,
            finisher_penalty=finisher_penalty,
            max_turns=max_turns,
        )

        return skyjo_options
