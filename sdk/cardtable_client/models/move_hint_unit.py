from typing import Literal

MoveHintUnit = Literal["expected_round_score", "win_probability"]

MOVE_HINT_UNIT_VALUES: set[MoveHintUnit] = {
    "expected_round_score",
    "win_probability",
}


def check_move_hint_unit(value: str) -> MoveHintUnit:
    if value in MOVE_HINT_UNIT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOVE_HINT_UNIT_VALUES!r}")
