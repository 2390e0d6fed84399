from typing import Literal

SkipBoDealEntryType = Literal["deal"]

SKIP_BO_DEAL_ENTRY_TYPE_VALUES: set[SkipBoDealEntryType] = {
    "deal",
}


def check_skip_bo_deal_entry_type(value: str) -> SkipBoDealEntryType:
    if value in SKIP_BO_DEAL_ENTRY_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_DEAL_ENTRY_TYPE_VALUES!r}"
    )
