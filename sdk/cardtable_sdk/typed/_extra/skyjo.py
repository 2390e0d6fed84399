"""Skyjo's hand-written typed names, re-exported by `cardtable_sdk.typed.skyjo`."""

from typing import Literal

Cell = int | Literal["removed"] | None
"""A grid position: its value face up, None face down, "removed" once its column went
(the items of `Player["grid"]`; a test keeps them equal)."""

__all__ = ["Cell"]
