"""The store's Lua scripts, one file each in `store/lua/` (so they read, diff and lint as
Lua, not as Python strings); a script may be composed of several files, shared helper
functions first."""

from __future__ import annotations

import functools
from importlib.resources import files


@functools.cache
def lua(*names: str) -> str:
    """The text of the scripts `names` (`store/lua/<name>.lua`), joined in that order."""
    folder = files("cardtable.store").joinpath("lua")
    return "".join(folder.joinpath(f"{name}.lua").read_text(encoding="utf-8") for name in names)
