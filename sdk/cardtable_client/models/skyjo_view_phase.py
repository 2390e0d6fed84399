from typing import Literal

SkyjoViewPhase = Literal["final_lap", "over", "play", "reveal"]

SKYJO_VIEW_PHASE_VALUES: set[SkyjoViewPhase] = {
    "final_lap",
    "over",
    "play",
    "reveal",
}


def check_skyjo_view_phase(value: str) -> SkyjoViewPhase:
    if value in SKYJO_VIEW_PHASE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKYJO_VIEW_PHASE_VALUES!r}")
