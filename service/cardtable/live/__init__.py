"""What one process keeps between requests: the change hub, the games'
event feeds, the turn-timer alarms and the event streams over them."""
