from typing import Literal

ReviewUnit = Literal["expected_round_score", "win_probability"]

REVIEW_UNIT_VALUES: set[ReviewUnit] = {
    "expected_round_score",
    "win_probability",
}


def check_review_unit(value: str) -> ReviewUnit:
    if value in REVIEW_UNIT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REVIEW_UNIT_VALUES!r}")
