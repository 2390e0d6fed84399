"""Rated play: lasting player identities, the matchmaking queue, ratings and leaderboards
(docs/rated-play.md)."""
