"""Hand-written names a game's generated typed module re-exports (`_extra/<game>.py`)."""
