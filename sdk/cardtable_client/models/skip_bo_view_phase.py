from typing import Literal

SkipBoViewPhase = Literal["finished", "playing", "setup", "waiting"]

SKIP_BO_VIEW_PHASE_VALUES: set[SkipBoViewPhase] = {
    "finished",
    "playing",
    "setup",
    "waiting",
}


def check_skip_bo_view_phase(value: str) -> SkipBoViewPhase:
    if value in SKIP_BO_VIEW_PHASE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKIP_BO_VIEW_PHASE_VALUES!r}")
