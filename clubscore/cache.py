"""Django's Redis cache, forgiving when Redis is away.

Everything Clubscore keeps in the cache can be made again: the rendered live pages (rendered
afresh) and the phone links' per-minute counters (not counted meanwhile). So a Redis restart
or outage costs speed, never a page: a read misses, a write is skipped, and the log says why.
"""

import logging

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class ForgivingRedisCache(RedisCache):
    def _unreachable(self, action: str, error: RedisError) -> None:
        logger.warning("Cache unreachable on %s, carrying on without it: %s", action, error)

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except RedisError as error:
            self._unreachable("get", error)
            return default

    def set(self, key, value, timeout=..., version=None):
        kwargs = {} if timeout is ... else {"timeout": timeout}
        try:
            super().set(key, value, version=version, **kwargs)
        except RedisError as error:
            self._unreachable("set", error)

    def add(self, key, value, timeout=..., version=None):
        kwargs = {} if timeout is ... else {"timeout": timeout}
        try:
            return super().add(key, value, version=version, **kwargs)
        except RedisError as error:
            self._unreachable("add", error)
            return False

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except RedisError as error:
            self._unreachable("incr", error)
            raise ValueError(f"{key} cannot be counted without the cache") from error
