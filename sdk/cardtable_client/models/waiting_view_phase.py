from typing import Literal

WaitingViewPhase = Literal["waiting"]

WAITING_VIEW_PHASE_VALUES: set[WaitingViewPhase] = {
    "waiting",
}


def check_waiting_view_phase(value: str) -> WaitingViewPhase:
    if value in WAITING_VIEW_PHASE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WAITING_VIEW_PHASE_VALUES!r}")
