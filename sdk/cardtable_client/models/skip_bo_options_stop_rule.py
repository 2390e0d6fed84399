from typing import Literal

SkipBoOptionsStopRule = Literal["english", "french"]

SKIP_BO_OPTIONS_STOP_RULE_VALUES: set[SkipBoOptionsStopRule] = {
    "english",
    "french",
}


def check_skip_bo_options_stop_rule(value: str) -> SkipBoOptionsStopRule:
    if value in SKIP_BO_OPTIONS_STOP_RULE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SKIP_BO_OPTIONS_STOP_RULE_VALUES!r}"
    )
