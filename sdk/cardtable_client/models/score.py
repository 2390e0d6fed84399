from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.rating_change import RatingChange
    from ..models.score_set import ScoreSet
    from ..models.skip_bo_round_score import SkipBoRoundScore
    from ..models.skyjo_round_score import SkyjoRoundScore


T = TypeVar("T", bound="Score")


@_attrs_define
class Score:
    """
    Attributes:
        finished (bool):
        rounds (list[SkipBoRoundScore | SkyjoRoundScore]):
        totals (list[int]):
        winners (list[int]):
        ratings (list[RatingChange] | Unset): A rated game once over: each seat's rating change (absent otherwise;
            docs/rated-play.md).
        set_ (ScoreSet | Unset):
    """

    finished: bool
    rounds: list[SkipBoRoundScore | SkyjoRoundScore]
    totals: list[int]
    winners: list[int]
    ratings: list[RatingChange] | Unset = UNSET
    set_: ScoreSet | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_change import RatingChange  # noqa: PLC0415
        from ..models.score_set import ScoreSet  # noqa: PLC0415
        from ..models.skip_bo_round_score import SkipBoRoundScore  # noqa: PLC0415
        from ..models.skyjo_round_score import SkyjoRoundScore  # noqa: PLC0415

        finished = self.finished

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item: dict[str, Any]
            if isinstance(rounds_item_data, SkipBoRoundScore):
                rounds_item = rounds_item_data.to_dict()
            else:
                rounds_item = rounds_item_data.to_dict()

            rounds.append(rounds_item)

        totals = self.totals

        winners = self.winners

        ratings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ratings, Unset):
            ratings = []
            for ratings_item_data in self.ratings:
                ratings_item = ratings_item_data.to_dict()
                ratings.append(ratings_item)

        set_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.set_, Unset):
            set_ = self.set_.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "finished": finished,
                "rounds": rounds,
                "totals": totals,
                "winners": winners,
            }
        )
        if ratings is not UNSET:
            field_dict["ratings"] = ratings
        if set_ is not UNSET:
            field_dict["set"] = set_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_change import RatingChange  # noqa: PLC0415
        from ..models.score_set import ScoreSet  # noqa: PLC0415
        from ..models.skip_bo_round_score import SkipBoRoundScore  # noqa: PLC0415
        from ..models.skyjo_round_score import SkyjoRoundScore  # noqa: PLC0415

        d = dict(src_dict)
        finished = d.pop("finished")

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:

            def _parse_rounds_item(data: object) -> SkipBoRoundScore | SkyjoRoundScore:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_round_score_type_0 = SkipBoRoundScore.from_dict(data)

                    return componentsschemas_round_score_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_round_score_type_1 = SkyjoRoundScore.from_dict(data)

                return componentsschemas_round_score_type_1

            rounds_item = _parse_rounds_item(rounds_item_data)

            rounds.append(rounds_item)

        totals = cast(list[int], d.pop("totals"))

        winners = cast(list[int], d.pop("winners"))

        _ratings = d.pop("ratings", UNSET)
        ratings: list[RatingChange] | Unset = UNSET
        if _ratings is not UNSET:
            ratings = []
            for ratings_item_data in _ratings:
                ratings_item = RatingChange.from_dict(ratings_item_data)

                ratings.append(ratings_item)

        _set_ = d.pop("set", UNSET)
        set_: ScoreSet | Unset
        if isinstance(_set_, Unset):
            set_ = UNSET
        else:
            set_ = ScoreSet.from_dict(_set_)

        score = cls(
            finished=finished,
            rounds=rounds,
            totals=totals,
            winners=winners,
            ratings=ratings,
            set_=set_,
        )

        return score
