"""gunicorn settings for the push tests: exactly the project's (the gevent worker, whose
SIGTERM handler stops the push hub), kept as a module so the tests name one config."""

from cardtable.server.gunicorn_conf import *  # noqa: F403
