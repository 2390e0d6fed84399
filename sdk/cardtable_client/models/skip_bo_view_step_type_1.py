from typing import Literal

SkipBoViewStepType1 = Literal[
    "build", "build_or_discard", "build_or_pass", "discard", "pass", "play"
]

SKIP_BO_VIEW_STEP_TYPE_1_VALUES: set[SkipBoViewStepType1] = {
    "build",
    "build_or_discard",
    "build_or_pass",
    "discard",
    "pass",
    "play",
}


def check_skip_bo_view_step_type_1(value: str) -> SkipBoViewStepType1:
    if value in SKIP_BO_VIEW_STEP_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_VIEW_STEP_TYPE_1_VALUES!r}"
    )
