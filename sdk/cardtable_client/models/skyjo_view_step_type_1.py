from typing import Literal

SkyjoViewStepType1 = Literal["choose", "place_drawn", "reveal"]

SKYJO_VIEW_STEP_TYPE_1_VALUES: set[SkyjoViewStepType1] = {
    "choose",
    "place_drawn",
    "reveal",
}


def check_skyjo_view_step_type_1(value: str) -> SkyjoViewStepType1:
    if value in SKYJO_VIEW_STEP_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_VIEW_STEP_TYPE_1_VALUES!r}"
    )
