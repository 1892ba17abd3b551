"""A late commit on a distributed table: a transaction takes its event's place (the earlier position) on one shard,
and holds it open while appends to other shards, on both workers, commit after it with later positions. A reader
that advanced one global cursor past them would skip the held event forever; the catch-up projector and the
webhook intake, which read the log shard by shard (infra/event_store.py), must both take it in once it commits."""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import pytest

from api.dependencies import Services
from bootstrap import build_services, redis_client
from domain.kernel import table as tables
from infra.appends import PendingAppend, append_one
from infra.embedded import ServiceUrls
from infra.event_store import PostgresEventStore
from infra.settings import Settings
from services.codec import codec, encode_table
from tests.citus.conftest import worker_of
from tests.plain import plain
from tools.citus_cluster import PORTS

pytestmark = [pytest.mark.citus, pytest.mark.integration]

SHARD = "SELECT get_shard_id_for_distribution_column('games', $1::text)"


@pytest.fixture
async def services(citus_urls: ServiceUrls) -> AsyncIterator[Services]:
    pool = await asyncpg.create_pool(citus_urls.database_url, min_size=1, max_size=4)
    client = redis_client(citus_urls.redis_url)
    try:
        yield build_services(pool, client, Settings(test_mode=True))
    finally:
        await client.aclose()
        await pool.close()


async def intake_all(services: Services) -> None:
    while await services.deliveries.intake_once() >= services.deliveries.batch:
        pass


async def test_a_late_commit_on_one_shard_is_neither_projected_nor_delivered_short(services: Services) -> None:
    repo, store = services.repo, services.repo.store
    assert isinstance(store, PostgresEventStore)
    pool = store._pool
    _, secret = await services.keys.create("late commit")
    created = await services.webhooks.register(secret, "http://127.0.0.1:9/hook", ["*"])
    webhook_id = plain(created)["webhook_id"]

    async def new_game() -> str:
        game_id: str = plain(await services.commands.create("daron", 2, None, None, secret))["game_id"]
        return game_id

    held_game = await new_game()
    held_worker, held_shard = await worker_of(pool, held_game), await pool.fetchval(SHARD, held_game)
    # later commits on the other worker, and on other shards of the held game's own worker
    others: list[str] = []
    places: set[tuple[int, int]] = set()
    while {port for port, _ in places} != set(PORTS[1:]) or len(others) < 6:
        game_id = await new_game()
        shard = await pool.fetchval(SHARD, game_id)
        if shard != held_shard:
            others.append(game_id)
            places.add((await worker_of(pool, game_id), shard))
    assert any(port == held_worker for port, _ in places), "no other shard of the held game's worker yet"
    await services.projector.catch_up()
    await intake_all(services)

    record = await repo.record(held_game)
    before = await repo.table(record)
    game_codec = codec(record.game)
    held = await pool.acquire()
    try:
        transaction = held.transaction()
        await transaction.start()
        late_join = [game_codec.new_event(e) for e in tables.join(before, "late", None, None)]
        await append_one(held, PendingAppend(held_game, before.version, late_join, {}))
        held_position = await held.fetchval("SELECT max(position) FROM events WHERE stream_id = $1", held_game)
        for game_id in others:
            plain(await services.commands.join(game_id, None, "early", None, None))
        later = await pool.fetchval(
            "SELECT min(position) FROM events WHERE stream_id = ANY($1::text[]) AND version > 1", others
        )
        assert held_position < later, "the held event took the earlier position"
        # both followers read past every commit on every shard while the held one is still open
        await services.projector.catch_up()
        await intake_all(services)
        await transaction.commit()
    finally:
        await pool.release(held)

    fingerprint = codec("daron").fingerprint
    loaded = await repo.projections.load(held_game, fingerprint)
    assert loaded is not None and loaded[0] == before.version, "only the projector can bring the held event"
    await services.projector.catch_up()
    await intake_all(services)
    for game_id in [held_game, *others]:
        replayed = await repo.replay(game_id, codec((await repo.record(game_id)).game))
        assert await repo.projections.load(game_id, fingerprint) == (replayed.version, encode_table(replayed)), game_id
    assert (await repo.projections.load(held_game, fingerprint) or (0, b""))[0] == before.version + 1
    delivered = await services.deliveries.store.deliveries(webhook_id, held_game, None, 100)
    assert sorted(d.version for d in delivered) == list(range(1, before.version + 2))
    for game_id in others:  # every event of the games that committed around it, once
        versions = sorted(d.version for d in await services.deliveries.store.deliveries(webhook_id, game_id, None, 100))
        assert versions == list(range(1, len(await store.read_stream(game_id)) + 1)), game_id
