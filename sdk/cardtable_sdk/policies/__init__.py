"""Trained policies shipped with the SDK, run with numpy only: `skyjo.bot` beats the
server's greedy Skyjo bot (docs/training.md says how it was trained and by how much)."""
