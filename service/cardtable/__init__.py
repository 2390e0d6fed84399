"""The Cardtable service: games over HTTP, state in Redis (the app factory,
settings and the entry points at the top; one package per part below)."""
