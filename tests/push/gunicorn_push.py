"""gunicorn settings for the push tests: the project's, with the gevent worker and the
push hub's SIGTERM hook (the lines gunicorn_conf.py gets once the gevent worker lands)."""

from cardtable.gunicorn_conf import *  # noqa: F403
from cardtable.push import gunicorn_post_worker_init as post_worker_init  # noqa: F401

worker_class = "gevent"
