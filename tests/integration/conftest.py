"""Integration fixtures: the services wired to real Postgres and Redis (`pool`, `redis_conn` and `settings`, on
the migrated database, are in tests/conftest.py: the contract suite's real half uses them too)."""

from __future__ import annotations

import asyncpg
import pytest
import redis.asyncio as redis

from api.dependencies import Services
from bootstrap import build_services
from infra.settings import Settings


@pytest.fixture(scope="session")
async def services(pool: asyncpg.Pool, redis_conn: redis.Redis, settings: Settings) -> Services:
    return build_services(pool, redis_conn, settings)
