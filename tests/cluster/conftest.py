"""The cluster tests: Tapis against a local 3-master Redis Cluster (tests/cluster/redis_cluster.py).

`cluster_urls`: a Postgres database of its own (on the test servers of tests/conftest.py) and a cluster of its own;
`cluster_api`: a `tapis serve` on them, for the HTTP games. The failover test starts a cluster with replicas itself.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from infra.embedded import ServiceUrls
from infra.local_cluster import LocalRedisCluster
from infra.migrate import upgrade
from tests import local_http
from tests.cluster.redis_cluster import running_cluster
from tests.conftest import _create_database, _drop_database, _run, _with_database
from tests.e2e.client import Tapis
from tests.e2e.conftest import serving


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[LocalRedisCluster]:
    with running_cluster(masters=3) as cluster:
        yield cluster


@pytest.fixture(scope="session")
def cluster_urls(service_urls: ServiceUrls, redis_cluster: LocalRedisCluster) -> Iterator[ServiceUrls]:
    """A database of its own: the server's catch-up projector then folds only the games of these tests."""
    database = f"tapis_cluster_{secrets.token_hex(6)}"
    _run(_create_database(service_urls.database_url, database))
    try:
        urls = ServiceUrls(
            database_url=_with_database(service_urls.database_url, database), redis_url=redis_cluster.url
        )
        upgrade(urls.database_url)
        yield urls
    finally:
        _run(_drop_database(service_urls.database_url, database))


@pytest.fixture(scope="session")
def cluster_server(cluster_urls: ServiceUrls) -> Iterator[str]:
    with serving(cluster_urls) as base:
        yield base


@pytest.fixture(scope="session")
def cluster_api(cluster_server: str) -> Iterator[Tapis]:
    with local_http.client(base_url=cluster_server, timeout=30) as http:
        yield Tapis(http)
