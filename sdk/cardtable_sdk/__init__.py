"""Cardtable SDK: sessions, typed errors, a bot runner and local play."""
