"""The process around the app: gunicorn's settings and worker, the
checks before start, the stop flag, the operators' port and watch loop."""
