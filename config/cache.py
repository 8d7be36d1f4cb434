"""The shared cache on Redis, in the same database as Celery's broker.

- clear() removes only the cache's keys: Django's RedisCache.clear() empties the whole Redis database, which would
  also drop the broker's queues.
- While Redis is down the cache answers as an empty one and forgets what it is given (logging a warning), so a
  scorer's entry still goes through, as it does with the broker down (jobs.outbox); the counts it holds (throttles,
  wrong codes and passwords) start again from nothing.
"""

import functools
import logging

import redis
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache

log = logging.getLogger(__name__)

_DOWN = (redis.ConnectionError, redis.TimeoutError)


def _or(fallback):
    """Answer `fallback(*args)` instead of raising when Redis cannot be reached."""

    def wrap(method):
        @functools.wraps(method)
        def call(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except _DOWN as error:
                log.warning(
                    "the cache is unreachable (%s): %s answered as an empty cache", error, method.__name__
                )
                return fallback(*args, **kwargs)

        return call

    return wrap


class RedisCache(DjangoRedisCache):
    get = _or(lambda key, default=None, version=None: default)(DjangoRedisCache.get)
    get_many = _or(lambda *args, **kwargs: {})(DjangoRedisCache.get_many)
    has_key = _or(lambda *args, **kwargs: False)(DjangoRedisCache.has_key)
    add = _or(lambda *args, **kwargs: False)(DjangoRedisCache.add)
    set = _or(lambda *args, **kwargs: None)(DjangoRedisCache.set)
    set_many = _or(lambda *args, **kwargs: [])(DjangoRedisCache.set_many)
    touch = _or(lambda *args, **kwargs: False)(DjangoRedisCache.touch)
    delete = _or(lambda *args, **kwargs: False)(DjangoRedisCache.delete)
    delete_many = _or(lambda *args, **kwargs: None)(DjangoRedisCache.delete_many)
    incr = _or(lambda key, delta=1, version=None: delta)(DjangoRedisCache.incr)

    @_or(lambda: False)
    def clear(self) -> bool:
        client = self._cache.get_client(write=True)
        keys = list(client.scan_iter(match=f"{self.key_prefix}:*", count=1000))
        for start in range(0, len(keys), 1000):
            client.delete(*keys[start : start + 1000])
        return bool(keys)
