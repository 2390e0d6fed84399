"""gunicorn settings of a replica whose clock is off by CARDTABLE_TEST_CLOCK_SKEW seconds:
Python's time.time() of the whole process is moved before anything else reads it, as a
system clock set wrong would move it; then the image's own settings."""

import os
import time

_real_time = time.time
_skew = float(os.environ["CARDTABLE_TEST_CLOCK_SKEW"])
time.time = lambda: _real_time() + _skew

from cardtable.server.gunicorn_conf import *  # noqa: E402, F403
