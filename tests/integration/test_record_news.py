"""A seat let go in one API process is forgotten by the others at once, not when their projector comes by.

Here over a Redis channel between two processes' services; tests/unit/services/test_record_news.py runs the
same test on memory adapters (the services' side: who announces, who forgets).
"""

from __future__ import annotations

import asyncio
import contextlib

import asyncpg
import pytest
import redis.asyncio as redis

from bootstrap import build_services
from infra.settings import Settings
from services.errors import Unauthorized
from tests.game_driver import SEED
from tests.plain import plain

pytestmark = pytest.mark.integration


async def test_another_process_refuses_a_token_let_go_without_waiting_for_its_projector(
    pool: asyncpg.Pool, redis_conn: redis.Redis, settings: Settings
) -> None:
    # two processes' worth of services on the same servers, neither running its catch-up projector
    here, there = build_services(pool, redis_conn, settings), build_services(pool, redis_conn, settings)
    stop = asyncio.Event()
    following = asyncio.create_task(there.record_news.follow(stop, there.repo.forget))
    try:
        await asyncio.sleep(0.3)  # subscribed
        created = plain(await here.commands.create("six-nimmt", 2, None, SEED, None))
        game_id = created["game_id"]
        ann = (plain(await here.commands.join(game_id, None, "ann", None, None)))["player_token"]
        assert (plain(await there.queries.view(game_id, ann)))["you"] == 0  # `there` caches the record with ann's token
        plain(await here.seats.leave(game_id, ann))
        for _ in range(40):
            await asyncio.sleep(0.05)
            with contextlib.suppress(Unauthorized):
                plain(await there.queries.view(game_id, ann))
                continue
            break
        else:
            pytest.fail("the other process still took the token 2 s after the seat was let go")
    finally:
        stop.set()
        await following
