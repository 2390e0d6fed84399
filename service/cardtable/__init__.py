"""Cardtable: a rules server for Skyjo and Skip-Bo."""

__version__ = "0.1.0"
