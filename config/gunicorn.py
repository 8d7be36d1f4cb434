"""gunicorn settings for the web service (docker-compose, the image and bench/api.py use them).

Two threads a worker: enough to overlap one request's database waits with another's work, few enough that the
threads do not queue for the GIL. After the fork, the objects loaded at start-up are frozen out of the garbage
collector and the youngest generation is collected less often: every request makes thousands of short-lived
objects, and collecting them a few hundred at a time cost about 4 % of a worker's CPU (bench/api.py).
"""

import gc

workers = 3
threads = 2


def post_fork(server, worker) -> None:
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)
