from typing import Literal

OptionDescriptionType = Literal["boolean", "integer", "string"]

OPTION_DESCRIPTION_TYPE_VALUES: set[OptionDescriptionType] = {
    "boolean",
    "integer",
    "string",
}


def check_option_description_type(value: str) -> OptionDescriptionType:
    if value in OPTION_DESCRIPTION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {OPTION_DESCRIPTION_TYPE_VALUES!r}"
    )
