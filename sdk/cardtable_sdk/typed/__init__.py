"""Typed views and moves for `mypy --strict` bots: per game, a `TypedDict` for the view
(and each part of it), one per move shape, and a `bot` decorator that turns a typed bot
into the SDK's `Bot`, so `view["dicsard"]` or `move["rows"]` fail type-checking.

    from cardtable_sdk.typed import skyjo

    @skyjo.bot
    def my_bot(view: skyjo.View, legal_moves: list[skyjo.Move]) -> skyjo.Move: ...

The shapes are those of the served API (`openapi.yaml`); a test keeps them in step. They
are types only: at run time a view is still the SDK's plain `View` dict.
"""

from cardtable_sdk.typed import skipbo, skyjo

__all__ = ["skipbo", "skyjo"]
