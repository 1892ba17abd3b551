"""Webhooks against real Postgres and a loopback receiver: two workers claiming from one queue do not send twice.

That rests on Postgres' row locks and leases under two workers' concurrent claims. The rest (every event in
order, signed, redacted; a receiver that was down gets the missed ones) and a copy of this test run on memory
adapters in tests/unit/services/test_webhooks.py.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from api.dependencies import Services
from infra.webhook_http import HttpxPoster
from infra.webhook_store import PostgresWebhookStore
from services.ports import Checkpoint
from services.webhooks import RetryPolicy, WebhookWorker
from tests.unit.services.test_webhooks import bot_game
from tests.webhook_receiver import Receiver

pytestmark = pytest.mark.integration
ONE_ROUND = {"end": {"kind": "rounds", "rounds": 1}}
QUICK = RetryPolicy(max_attempts=50, base_seconds=0.05, max_seconds=0.2, timeout_seconds=2)


async def run_until(workers: list[WebhookWorker], done: Any, seconds: float = 30, pause: float = 0.002) -> None:
    """Run the workers' rounds until `done()`, pausing `pause` between them: over real HTTP to a real receiver,
    real time (the unit copy, tests/unit/services/test_webhooks.py, runs on a manual clock)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "webhooks not delivered in time"
        await asyncio.gather(*(w.run_once() for w in workers))
        await asyncio.sleep(pause)


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    started = Receiver()
    await started.start()
    yield started
    await started.stop()


async def test_two_workers_deliver_each_event_once(services: Services, receiver: Receiver) -> None:
    _, key = await services.keys.create("busy portal")
    await services.webhooks.register(key, receiver.url, ["*"])
    game_ids = [await bot_game(services, key, players) for players in (2, 3, 4)]
    expected = sum([len(await services.repo.store.read_stream(g)) for g in game_ids])
    store = PostgresWebhookStore(services.repo.store._pool)  # type: ignore[attr-defined]
    posters = [HttpxPoster(), HttpxPoster()]
    try:
        workers = [
            WebhookWorker(services.repo, services.deliveries.log, store, p, QUICK, batch=7, sends=5) for p in posters
        ]
        await run_until(workers, lambda: len(receiver.received) >= expected, pause=0.02)
        await asyncio.sleep(0.2)
        await asyncio.gather(*(w.run_once() for w in workers))
    finally:
        for poster in posters:
            await poster.aclose()
    ids = [r.event["id"] for r in receiver.received]
    assert len(ids) == len(set(ids)) == expected
    for game_id in game_ids:
        versions = [r.event["version"] for r in receiver.received if r.event["game_id"] == game_id]
        assert versions == sorted(versions)


async def test_a_checkpoint_row_created_by_another_process_meanwhile_is_found(pool: asyncpg.Pool) -> None:
    """The race CI met at two workers' first intake, forced: another transaction inserts the row and commits while
    our statement waits on it; our statement's snapshot predates the row, so it must read again."""
    name = f"intake-{secrets.token_hex(4)}"
    store = PostgresWebhookStore(pool)
    async with pool.acquire() as conn:
        transaction = conn.transaction()
        await transaction.start()
        await conn.execute("INSERT INTO webhook_checkpoint (name, tx_id, position) VALUES ($1, 0, 0)", name)
        ours = asyncio.create_task(store.checkpoint(name))
        await asyncio.sleep(0.3)  # our INSERT ... ON CONFLICT now waits on the other transaction's row
        await transaction.commit()
    assert await ours == Checkpoint()
