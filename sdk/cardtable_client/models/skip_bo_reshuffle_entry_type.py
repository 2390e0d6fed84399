from typing import Literal

SkipBoReshuffleEntryType = Literal["reshuffle"]

SKIP_BO_RESHUFFLE_ENTRY_TYPE_VALUES: set[SkipBoReshuffleEntryType] = {
    "reshuffle",
}


def check_skip_bo_reshuffle_entry_type(value: str) -> SkipBoReshuffleEntryType:
    if value in SKIP_BO_RESHUFFLE_ENTRY_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_RESHUFFLE_ENTRY_TYPE_VALUES!r}"
    )
