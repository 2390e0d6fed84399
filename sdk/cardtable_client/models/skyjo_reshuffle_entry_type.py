from typing import Literal

SkyjoReshuffleEntryType = Literal["reshuffle"]

SKYJO_RESHUFFLE_ENTRY_TYPE_VALUES: set[SkyjoReshuffleEntryType] = {
    "reshuffle",
}


def check_skyjo_reshuffle_entry_type(value: str) -> SkyjoReshuffleEntryType:
    if value in SKYJO_RESHUFFLE_ENTRY_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKYJO_RESHUFFLE_ENTRY_TYPE_VALUES!r}"
    )
