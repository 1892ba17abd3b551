"""`REDIS_URL=redis+sentinel://...`: the sentinels, the service, the database and the primary's credentials."""

from __future__ import annotations

import pytest

from infra.redis_client import SENTINEL_PORT, SentinelTarget, is_sentinel_url, sentinel_target


def test_sentinels_service_and_database() -> None:
    url = "redis+sentinel://10.0.0.1:26379,10.0.0.2:26380,[::1]:26381,10.0.0.4/tapis/3"
    assert is_sentinel_url(url)
    assert sentinel_target(url) == SentinelTarget(
        sentinels=[("10.0.0.1", 26379), ("10.0.0.2", 26380), ("::1", 26381), ("10.0.0.4", SENTINEL_PORT)],
        service="tapis",
        db=3,
    )


def test_credentials_and_tls_are_the_primarys() -> None:
    target = sentinel_target("rediss+sentinel://app:p%40ss@s1:26379/main")
    assert (target.username, target.password, target.tls, target.db) == ("app", "p@ss", True, 0)
    assert sentinel_target("redis+sentinel://:secret@s1/main").password == "secret"


@pytest.mark.parametrize("url", ["redis+sentinel://s1:26379", "redis+sentinel://s1:26379/", "redis+sentinel:///tapis"])
def test_a_url_without_a_service_or_sentinel_is_refused(url: str) -> None:
    with pytest.raises(ValueError, match="service_name"):
        sentinel_target(url)


def test_other_schemes_are_not_sentinel() -> None:
    assert not is_sentinel_url("redis://h:6379/0")
    assert not is_sentinel_url("redis+cluster://h:6379")
    assert not is_sentinel_url(None)
