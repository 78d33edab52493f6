"""Production settings, collecting static files into a temporary folder of the load run's own.

The Dockerfile runs collectstatic at build time into STATIC_ROOT; the load runner does the same
into CLUBSCORE_LOAD_STATIC_ROOT, so nothing is written into the working tree.
"""

import os

from clubscore.settings import *  # noqa: F403

STATIC_ROOT = os.environ["CLUBSCORE_LOAD_STATIC_ROOT"]
