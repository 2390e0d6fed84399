"""Bot-tool fixtures: the SDK's (the examples folder importable as scripts see it)."""

from __future__ import annotations

from tests.sdk.conftest import examples

__all__ = ["examples"]
