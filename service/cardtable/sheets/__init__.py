"""Score sheets as a service."""
