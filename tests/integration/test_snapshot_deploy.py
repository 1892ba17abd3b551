"""The deploy of a changed state type, on the real servers: the same test as tests/unit/services/, with the
snapshot written to Redis by one release's code and read by the next's."""

from __future__ import annotations

import asyncpg
import pytest
import redis.asyncio as redis

from bootstrap import Adapters, real_adapters
from tests.unit.services.test_snapshot_fingerprint import (
    registered,
    test_a_snapshot_of_another_state_schema_is_refolded_and_written_again,
)

pytestmark = pytest.mark.integration
__all__ = ["registered", "test_a_snapshot_of_another_state_schema_is_refolded_and_written_again"]


@pytest.fixture
def adapters(pool: asyncpg.Pool, redis_conn: redis.Redis) -> Adapters:
    return real_adapters(pool, redis_conn)
