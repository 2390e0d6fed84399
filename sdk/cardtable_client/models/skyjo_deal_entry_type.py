from typing import Literal

SkyjoDealEntryType = Literal["deal"]

SKYJO_DEAL_ENTRY_TYPE_VALUES: set[SkyjoDealEntryType] = {
    "deal",
}


def check_skyjo_deal_entry_type(value: str) -> SkyjoDealEntryType:
    if value in SKYJO_DEAL_ENTRY_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKYJO_DEAL_ENTRY_TYPE_VALUES!r}")
