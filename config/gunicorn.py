"""gunicorn settings for the web service (docker-compose, the image and bench/api.py use them).

Two threads a worker: enough to overlap one request's database waits with another's work, few enough that the
threads do not queue for the GIL. The youngest generation is collected less often: every request makes thousands
of short-lived objects, and collecting them a few hundred at a time cost about 4 % of a worker's CPU
(bench/api.py). Once a worker has loaded the application (config.wsgi loads the URLconf, and with it the engines
and endplay, at start-up rather than on a first scorer's request), everything loaded so far is frozen out of the
garbage collector, so no full collection walks those hundreds of thousands of objects again.
"""

import gc

workers = 3
threads = 2


def post_fork(server, worker) -> None:
    gc.set_threshold(50_000, 50, 100)


def post_worker_init(worker) -> None:
    gc.freeze()
