"""Cardtable SDK: sessions, typed errors, a bot runner and local play (filled in by the SDK issue)."""
