"""What one process keeps between requests: the change hub, the games'
event feeds and the turn-timer alarms."""
