from typing import Literal

LogEntryType = Literal["deal", "move", "reshuffle"]

LOG_ENTRY_TYPE_VALUES: set[LogEntryType] = {
    "deal",
    "move",
    "reshuffle",
}


def check_log_entry_type(value: str) -> LogEntryType:
    if value in LOG_ENTRY_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LOG_ENTRY_TYPE_VALUES!r}")
