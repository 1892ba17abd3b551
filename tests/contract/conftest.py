"""The contract suite: each test runs against the memory adapters and the real ones, which must behave alike.

The real half is marked `integration` (it asks for the servers of tests/conftest.py); `-m "not integration"`
runs the memory half alone, without starting anything.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, cast

import pytest

from infra.embedded import ServiceUrls
from services.ports import EventStore, Projections
from tests.citus.fixtures import CITUS_MISSING, citus_cluster, migrated_database
from tests.conftest import _create_database, _drop_database, _flush_redis, _run, _with_database, redis_db_beside
from tests.contract.adapters import Cache, Database, memory_cache, memory_database, postgres_database, redis_cache

if TYPE_CHECKING:
    import asyncpg
    import redis.asyncio as redis

    from infra.citus_workers import WorkerPools
    from tools.citus_cluster import CitusCluster

__all__ = ["citus_cluster"]  # a fixture, for the Citus half of `database`


def _other_redis_db(url: str) -> str:
    """The Redis database next to the one the other tests use (the contract tests write fake summaries, reset the
    projections and move the checkpoint: a server of the e2e tests sharing that database would serve them)."""
    return redis_db_beside(url, -1)


@pytest.fixture(scope="session")
def contract_urls(service_urls: ServiceUrls) -> Iterator[ServiceUrls]:
    """A database and a Redis database of the contract suite's own, on the test servers, emptied before and after:
    its streams are fakes (made-up events, summaries, checkpoints) that no other test may meet."""
    from infra.migrate import upgrade

    database = f"tapis_contract_{secrets.token_hex(6)}"
    _run(_create_database(service_urls.database_url, database))
    urls = ServiceUrls(
        database_url=_with_database(service_urls.database_url, database),
        redis_url=_other_redis_db(service_urls.redis_url),
    )
    _flush_redis(urls.redis_url)
    try:
        upgrade(urls.database_url)
        yield urls
    finally:
        _flush_redis(urls.redis_url)
        _run(_drop_database(service_urls.database_url, database))


@pytest.fixture(scope="session")
async def contract_pool(contract_urls: ServiceUrls) -> AsyncIterator[asyncpg.Pool]:
    import asyncpg

    created = await asyncpg.create_pool(contract_urls.database_url, min_size=1, max_size=10)
    yield created
    await created.close()


@pytest.fixture(scope="session")
async def contract_redis(contract_urls: ServiceUrls) -> AsyncIterator[redis.Redis]:
    from bootstrap import redis_client

    # the test servers' Redis is one primary (tests/conftest.py), never a cluster
    client = cast("redis.Redis", redis_client(contract_urls.redis_url))
    yield client
    await client.aclose()


@pytest.fixture(scope="session")
def citus_contract_url(citus_cluster: CitusCluster) -> Iterator[str]:
    with migrated_database(citus_cluster, "tapis_contract") as url:
        yield url


@pytest.fixture(scope="session")
async def citus_contract_pool(citus_contract_url: str) -> AsyncIterator[asyncpg.Pool]:
    import asyncpg

    created = await asyncpg.create_pool(citus_contract_url, min_size=1, max_size=10)
    yield created
    await created.close()


@pytest.fixture(scope="session")
async def citus_contract_workers(
    citus_contract_pool: asyncpg.Pool, citus_contract_url: str
) -> AsyncIterator[WorkerPools]:
    """The pools that send appends to the workers themselves (TAPIS_CITUS_WORKER_APPENDS), as bootstrap makes them."""
    from bootstrap import worker_pools

    workers = worker_pools(citus_contract_pool, citus_contract_url)
    yield workers
    await workers.close()


# the Citus half only where a cluster can start (tests/citus/fixtures.py), like the tests of tests/citus/: appends
# through the coordinator, and sent to the workers themselves
DATABASES = ["memory", pytest.param("postgres", marks=pytest.mark.integration)]
if CITUS_MISSING is None:
    DATABASES.append(pytest.param("citus", marks=[pytest.mark.integration, pytest.mark.citus]))
    DATABASES.append(pytest.param("citus-workers", marks=[pytest.mark.integration, pytest.mark.citus]))


@pytest.fixture(params=DATABASES)
def database(request: pytest.FixtureRequest) -> Database:
    # a plain fixture: it asks for the servers' async fixtures only for the real param, outside any running loop
    if request.param == "memory":
        return memory_database()
    if request.param == "citus":
        return postgres_database(request.getfixturevalue("citus_contract_pool"))
    if request.param == "citus-workers":
        pool = request.getfixturevalue("citus_contract_pool")
        return postgres_database(pool, request.getfixturevalue("citus_contract_workers"))
    return postgres_database(request.getfixturevalue("contract_pool"))


@pytest.fixture(scope="session")
async def contract_cluster_redis() -> AsyncIterator[redis.RedisCluster]:
    """A 3-master Redis Cluster of the contract suite's own (tests/cluster/redis_cluster.py), for the cluster half."""
    from bootstrap import redis_client
    from tests.cluster.redis_cluster import running_cluster

    with running_cluster(masters=3) as cluster:
        client = cast("redis.RedisCluster", redis_client(cluster.url))  # a redis+cluster:// URL
        yield client
        await client.aclose()


@pytest.fixture(
    params=[
        "memory",
        pytest.param("redis", marks=pytest.mark.integration),
        pytest.param("redis_cluster", marks=[pytest.mark.integration, pytest.mark.redis_cluster]),
    ]
)
def cache(request: pytest.FixtureRequest) -> Cache:
    if request.param == "memory":
        return memory_cache()
    if request.param == "redis_cluster":
        return redis_cache(request.getfixturevalue("contract_cluster_redis"))
    return redis_cache(request.getfixturevalue("contract_redis"))


@pytest.fixture
def store(database: Database) -> EventStore:
    return database.store


@pytest.fixture
def projections(cache: Cache) -> Projections:
    return cache.projections
