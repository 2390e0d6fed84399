from typing import Literal

SkyjoViewPhase = Literal["finished", "playing", "setup", "waiting"]

SKYJO_VIEW_PHASE_VALUES: set[SkyjoViewPhase] = {
    "finished",
    "playing",
    "setup",
    "waiting",
}


def check_skyjo_view_phase(value: str) -> SkyjoViewPhase:
    if value in SKYJO_VIEW_PHASE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKYJO_VIEW_PHASE_VALUES!r}")
