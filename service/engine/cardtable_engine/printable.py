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


# Code points that render as nothing though their category says otherwise: Unicode's
# Default_Ignorable_Code_Point property (DerivedCoreProperties.txt; Hangul fillers U+115F,
# U+1160, U+3164, U+FFA0, variation selectors, tags...), and the braille blank U+2800.
INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
INVISIBLE_CATEGORY_CLASSES = ("C", "Z", "M")
"""Other (controls, format, unassigned...), separators (spaces) and marks (combining
accents, which show only on a base character)."""


def is_visible(char: str) -> bool:
    """A character that shows on its own: a letter, number, punctuation or symbol, not one
    of the default-ignorable or blank code points."""
    if unicodedata.category(char)[0] in INVISIBLE_CATEGORY_CLASSES:
        return False
    code = ord(char)
    return not any(low <= code <= high for low, high in INVISIBLE_RANGES)


def has_visible(text: str) -> bool:
    """Whether `text` holds at least one visible character (`is_visible`)."""
    return any(is_visible(char) for char in text)
