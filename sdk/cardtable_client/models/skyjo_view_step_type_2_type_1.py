from typing import Literal

SkyjoViewStepType2Type1 = Literal["choose", "place_drawn", "reveal"]

SKYJO_VIEW_STEP_TYPE_2_TYPE_1_VALUES: set[SkyjoViewStepType2Type1] = {
    "choose",
    "place_drawn",
    "reveal",
}


def check_skyjo_view_step_type_2_type_1(value: str) -> SkyjoViewStepType2Type1:
    if value in SKYJO_VIEW_STEP_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_VIEW_STEP_TYPE_2_TYPE_1_VALUES!r}"
    )
