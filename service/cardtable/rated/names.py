"""Which names a rated player may take, and the form two names are compared in: names are
unique ignoring case and Unicode look-alike forms, and may not hide, reorder or fake
characters (no controls, format characters such as zero-width spaces, combining marks,
leading, trailing or doubled spaces)."""

from __future__ import annotations

import unicodedata

from cardtable_engine.host import ServiceError
from cardtable_engine.printable import INVISIBLE_RANGES, is_printable

NAME_MIN = 1
NAME_MAX = 24
REFUSED_CLASSES = ("C", "M")
"""Others (controls, format, unassigned, private use) and marks (combining accents)."""


class InvalidPlayerName(ServiceError):
    code = "invalid_player_name"


class NameTaken(ServiceError):
    code = "name_taken"


def check_player_name(name: object) -> str:
    """`name` as given when a player may take it, else InvalidPlayerName saying why."""
    if not isinstance(name, str):
        raise InvalidPlayerName("the name must be a string")
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise InvalidPlayerName(f"a name has {NAME_MIN} to {NAME_MAX} characters")
    if name != name.strip() or "  " in name:
        raise InvalidPlayerName("a name has no leading, trailing or doubled spaces")
    if not is_printable(name):
        raise InvalidPlayerName("a name holds printable characters only")
    for char in name:
        category = unicodedata.category(char)
        if category[0] in REFUSED_CLASSES:
            raise InvalidPlayerName(
                f"a name may not hold U+{ord(char):04X} (a control, format character or "
                "combining mark): write accented letters precomposed"
            )
        if category[0] == "Z" and char != " ":
            raise InvalidPlayerName(
                f"the only space a name may hold is U+0020, not U+{ord(char):04X}"
            )
        if any(low <= ord(char) <= high for low, high in INVISIBLE_RANGES):
            raise InvalidPlayerName(f"a name may not hold the invisible U+{ord(char):04X}")
    if not folded(name).strip():
        raise InvalidPlayerName("a name needs a visible character")
    return name


def folded(name: str) -> str:
    """The form names are compared in: NFKC, case folded, NFKC again (folding can undo the
    normal form)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
