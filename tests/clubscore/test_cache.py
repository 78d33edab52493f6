"""The shared cache (Redis, clubscore.cache): a Redis that is away costs speed, never a page.

Port 1 on 127.0.0.1 has nothing listening: every connection is refused at once. The tests
that need a real Redis use the one these machines run on 127.0.0.1:6379 (database 14, emptied
first; CLUBSCORE_TEST_REDIS_URL names another), and skip with the reason when it is not there
(fail in CI, which starts one).
"""

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from clubscore.cache import ForgivingRedisCache
from events.phone import links as table_links
from tests import external
from tests.events.core.test_live_caching import poll, published_session

AWAY = "redis://127.0.0.1:1/0"
HERE = external.REDIS_URL


def cache_at(url):
    return {"default": {"BACKEND": "clubscore.cache.ForgivingRedisCache", "LOCATION": url,
                        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}  # fmt: skip


def test_an_unreachable_redis_misses_and_skips_and_says_so(caplog):
    cache = ForgivingRedisCache(AWAY, {"OPTIONS": {"socket_connect_timeout": 1}})
    assert cache.get("live:x", "missing") == "missing"
    cache.set("live:x", "<p>")  # skipped, not raised
    assert cache.add("live:x", 0) is False
    with pytest.raises(ValueError):
        cache.incr("live:x")  # as Django's caches say of a key they do not hold
    assert "Cache unreachable on get" in caplog.text


@pytest.fixture
def published(club):
    return published_session(club)


def test_live_polls_and_phone_budgets_carry_on_without_redis(published):
    with override_settings(CACHES=cache_at(AWAY)):
        url = reverse("session_standings", args=[published.pk])
        response = poll(Client(), url, published.version - 1)
        assert response.status_code == 200
        assert b"NS 1" in response.content
        # Uncounted while the cache is away: a table is let through, not refused.
        assert table_links.within_budget("table-1", per_minute=1)


@pytest.fixture
def redis_here():
    external.redis_server(HERE)
    with override_settings(CACHES=cache_at(HERE)):
        yield


def test_with_redis_a_version_is_rendered_once_and_budgets_are_counted(
    published, redis_here, django_assert_max_num_queries
):
    url = reverse("session_standings", args=[published.pk])
    first = poll(Client(), url, published.version - 1)
    with django_assert_max_num_queries(2):  # the session's version; the page from Redis
        again = poll(Client(), url, published.version - 1)
    assert again.content == first.content
    assert table_links.within_budget("table-1", per_minute=2)
    assert table_links.within_budget("table-1", per_minute=2)
    assert not table_links.within_budget("table-1", per_minute=2)
