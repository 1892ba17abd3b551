"""A seat let go in one API process is forgotten by the others at once, not when their projector comes by.

Here over a Redis channel between two processes' services; tests/unit/services/test_record_news.py runs the
same test on memory adapters (the services' side: who announces, who forgets).
"""

from __future__ import annotations

import asyncpg
import pytest
import redis.asyncio as redis

from bootstrap import build_services
from infra.settings import Settings
from tests.unit.services.test_record_news import a_token_let_go_is_refused_there

pytestmark = pytest.mark.integration


async def test_another_process_refuses_a_token_let_go_without_waiting_for_its_projector(
    pool: asyncpg.Pool, redis_conn: redis.Redis, settings: Settings
) -> None:
    # two processes' worth of services on the same servers, neither running its catch-up projector
    here, there = build_services(pool, redis_conn, settings), build_services(pool, redis_conn, settings)
    await a_token_let_go_is_refused_there(here, there, subscribed=0.3, poll=0.05)
