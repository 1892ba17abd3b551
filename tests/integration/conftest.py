"""Integration fixtures: a migrated database and the services wired to real Postgres and Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import pytest
import redis.asyncio as redis

from api.app import build_services, redis_client
from api.dependencies import Services
from infra.embedded import ServiceUrls
from infra.migrate import upgrade
from infra.settings import Settings


@pytest.fixture(scope="session")
def migrated(service_urls: ServiceUrls) -> ServiceUrls:
    upgrade(service_urls.database_url)
    return service_urls


@pytest.fixture(scope="session")
def settings(migrated: ServiceUrls) -> Settings:
    return Settings(database_url=migrated.database_url, redis_url=migrated.redis_url)


@pytest.fixture(scope="session")
async def pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    assert settings.database_url
    created = await asyncpg.create_pool(settings.database_url, min_size=1, max_size=10)
    yield created
    await created.close()


@pytest.fixture(scope="session")
async def redis_conn(settings: Settings) -> AsyncIterator[redis.Redis]:
    assert settings.redis_url
    client = redis_client(settings.redis_url)
    yield client
    await client.aclose()


@pytest.fixture(scope="session")
async def services(pool: asyncpg.Pool, redis_conn: redis.Redis, settings: Settings) -> Services:
    return build_services(pool, redis_conn, settings)
