"""The Citus tests: a coordinator and two workers on loopback (tools/citus_cluster.py), started once per session
and stopped after it (skipped, with the reason, where the PostgreSQL 15 binaries or the Citus extension are
missing); a database of their own on it, migrated (its tables distributed), and a Redis database next to the other
tests' (db + 2; db - 1 is the contract suite's), emptied before and after.

`server` is a `tapis serve` on that database, as tests/e2e/conftest.py starts one: twice, its appends through the
coordinator, then sent to the workers themselves (TAPIS_CITUS_WORKER_APPENDS, infra/citus_workers.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import asyncpg
import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.citus.fixtures import citus_cluster, migrated_database
from tests.conftest import _flush_redis, redis_db_beside
from tests.e2e.client import Tapis
from tests.e2e.conftest import serving
from tools.citus_cluster import CitusCluster

__all__ = ["citus_cluster"]  # a fixture

# where a game's rows live: its shard's placement (one per shard: no replication)
PLACEMENT = """
SELECT n.nodeport FROM pg_dist_placement p JOIN pg_dist_node n USING (groupid)
WHERE p.shardid = get_shard_id_for_distribution_column('games', $1::text)
"""


@pytest.fixture(scope="session")
def citus_urls(citus_cluster: CitusCluster, service_urls: ServiceUrls) -> Iterator[ServiceUrls]:
    # the Redis server of the other tests (from the environment, Docker or the embedded wheel), the same one they
    # use; their Postgres goes unused
    with migrated_database(citus_cluster, "tapis_citus") as database_url:
        redis_url = redis_db_beside(service_urls.redis_url, 2)
        _flush_redis(redis_url)
        try:
            yield ServiceUrls(database_url=database_url, redis_url=redis_url)
        finally:
            _flush_redis(redis_url)


@pytest.fixture(scope="session")
async def citus_pool(citus_urls: ServiceUrls) -> AsyncIterator[asyncpg.Pool]:
    created = await asyncpg.create_pool(citus_urls.database_url, min_size=1, max_size=8)
    yield created
    await created.close()


async def worker_of(pool: asyncpg.Pool, game_id: str) -> int:
    """The port of the worker that holds the game's rows."""
    port: int = await pool.fetchval(PLACEMENT, game_id)
    return port


@pytest.fixture(scope="session", params=["coordinator", "workers"])
def server(citus_urls: ServiceUrls, request: pytest.FixtureRequest) -> Iterator[str]:
    appends = {"TAPIS_CITUS_WORKER_APPENDS": "1" if request.param == "workers" else "0"}
    with serving(citus_urls, appends) as base:
        yield base


@pytest.fixture(scope="session")
def api(server: str) -> Iterator[Tapis]:
    with local_http.client(base_url=server, timeout=30) as http:
        yield Tapis(http)
