"""The hosted games, one folder each (see docs/adding-a-game.md)."""
