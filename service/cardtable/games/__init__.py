"""Games as a service: the live table around a game, seats, turn
timers, idempotency records and the stored move log."""
