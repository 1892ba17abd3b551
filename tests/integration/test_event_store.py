"""The Postgres event store where only Postgres can show it: a global log that never skips a transaction still
open. Everything else the store does is in the contract suite (tests/contract/test_event_store.py), run
against Postgres and the memory store alike."""

from __future__ import annotations

import asyncpg
import pytest

from infra.appends import PendingAppend, append_one
from infra.event_store import PostgresEventStore
from tests.contract.streams import ev, head_of_log, new_stream

pytestmark = pytest.mark.integration


async def test_global_log_waits_for_a_transaction_that_commits_late(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    early, late = await new_stream(store), await new_stream(store)
    start = await head_of_log(store)

    held = await pool.acquire()
    try:
        transaction = held.transaction()
        await transaction.start()
        # the held transaction takes its id and position first, then others commit after it
        await append_one(held, PendingAppend(early, 1, [ev(2)], {}))
        await store.append(late, 1, [ev(2)], {})
        seen = await store.read_log(start, 1000)
        assert [(r.stream_id, r.version) for r in seen] == [], "an event behind an open transaction leaked"
        await transaction.commit()
    finally:
        await pool.release(held)
    seen = await store.read_log(start, 1000)
    assert [(r.stream_id, r.version) for r in seen] == [(early, 2), (late, 2)]
