"""Settings for the floor of the stack in bench/api.py: the project's own, with bench/floor_urls.py's URLs (the
project's plus one minimal view), so score entry and the floor are timed on the same server, configuration and
middleware."""

from config.settings import *  # noqa: F403 - the project's settings, with the floor's URLs on top

ROOT_URLCONF = "bench.floor_urls"
