"""Which text may name a player or a sheet: printable characters only, so that a name can
never hide, reorder or break what is shown around it (logs, tables, other players' screens).
"""

from __future__ import annotations

import unicodedata

# Unicode general categories refused anywhere in a name: controls (NUL, CR, LF, tab…),
# format characters (bidi overrides such as U+202E, zero-width spaces and joiners, BOM),
# surrogates, private use, unassigned code points, and line or paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def unprintable_character(text: str) -> str | None:
    """The first character of `text` that is not printable, as `U+XXXX`; None when all are."""
    for char in text:
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            return f"U+{ord(char):04X}"
    return None


def is_printable(text: str) -> bool:
    return unprintable_character(text) is None
