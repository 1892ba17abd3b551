"""Fault 4: a transaction holds an append open while later appends commit. The catch-up projector must not move
its checkpoint past the held event: once it commits, its game's projection gets it (a projector that read the
log by position alone would have skipped it forever)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import pytest

from api.dependencies import Services
from bootstrap import build_services, redis_client
from domain.kernel import table as tables
from infra.appends import PendingAppend, append_one
from infra.event_store import PostgresEventStore
from infra.settings import Settings
from services.codec import codec, encode_table
from tests.faults.conftest import Stack
from tests.plain import plain

pytestmark = pytest.mark.faults


@pytest.fixture
async def services(stack: Stack) -> AsyncIterator[Services]:
    pool = await asyncpg.create_pool(stack.urls.database_url, min_size=1, max_size=4)
    client = redis_client(stack.urls.redis_url)
    try:
        yield build_services(pool, client, Settings(test_mode=True))
    finally:
        await client.aclose()
        await pool.close()


async def test_projector_does_not_skip_an_event_that_commits_late(services: Services) -> None:
    repo, store = services.repo, services.repo.store
    assert isinstance(store, PostgresEventStore)
    held_game = (plain(await services.commands.create("six-nimmt", 3, None, None, None)))["game_id"]
    others = [(plain(await services.commands.create("daron", 2, None, None, None)))["game_id"] for _ in range(3)]
    await services.projector.catch_up()
    record = await repo.record(held_game)
    game_codec = codec(record.game)
    before = await repo.table(record)
    late_join = tables.join(before, "late", None, None)

    held = await store._pool.acquire()
    try:
        transaction = held.transaction()
        await transaction.start()
        # the held append takes its transaction id first; the later ones commit while it is still open
        await append_one(
            held, PendingAppend(held_game, before.version, [game_codec.new_event(e) for e in late_join], {})
        )
        for game_id in others:
            plain(await services.commands.join(game_id, None, "early", None, None))
        await services.projector.catch_up()
        await transaction.commit()
    finally:
        await store._pool.release(held)

    # the inline projection never saw the held event: only the projector can bring it to Redis
    fingerprint = codec("six-nimmt").fingerprint
    loaded = await repo.projections.load(held_game, fingerprint)
    assert loaded is not None and loaded[0] == before.version
    await services.projector.catch_up()
    for game_id in [held_game, *others]:
        replayed = await repo.replay(game_id, codec((await repo.record(game_id)).game))
        loaded = await repo.projections.load(game_id, codec(replayed.game).fingerprint)
        assert loaded == (replayed.version, encode_table(replayed)), game_id
    assert (await repo.projections.load(held_game, fingerprint) or (0, b""))[0] == before.version + 1
