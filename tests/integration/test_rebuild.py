"""`tapis rebuild` streams the log (services/rebuild.py): an interrupted rebuild continues where it stopped, a rebuild
from scratch starts again, and each reports how far it got; every projection then equals its game's replay."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any

import asyncpg
import pytest
import redis.asyncio as redis

from api.dependencies import Services
from bootstrap import build_services, redis_client
from domain.kernel.shuffle import Draws
from infra.settings import Settings
from services.codec import codec, encode_table
from services.ports import Checkpoint, EventStore, GameRecord, RebuildPlace, RecordedEvent, StoreUnavailable
from services.rebuild import Progress, Rebuilder
from services.repository import Repository
from tests.conftest import database_of_its_own, redis_db_beside
from tests.game_driver import new_game, play_to_end, step

pytestmark = pytest.mark.integration

PAGE = 40


# A database and a Redis database of this module's own. A rebuild folds the whole log, and the session's database
# holds every other test's games: the eviction test below took 101 s of a `make test` (0.8 s alone), and each rebuild
# flushed the projections the other tests had written. Redis database: the session's + 7 (tests/conftest.py's
# redis_db_beside lists the others taken).
@pytest.fixture(scope="module")
def settings(settings: Settings) -> Iterator[Settings]:
    assert settings.redis_url is not None
    with database_of_its_own(settings, "tapis_rebuild") as own:
        yield replace(own, redis_url=redis_db_beside(settings.redis_url, 7))


@pytest.fixture(scope="module")
async def pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    assert settings.database_url
    created = await asyncpg.create_pool(settings.database_url, min_size=1, max_size=4)
    yield created
    await created.close()


@pytest.fixture(scope="module")
async def redis_conn(settings: Settings) -> AsyncIterator[redis.Redis]:
    assert settings.redis_url
    client: redis.Redis = redis_client(settings.redis_url)  # type: ignore[assignment]
    await client.flushdb()
    yield client
    await client.flushdb()
    await client.aclose()


@pytest.fixture(scope="module")
def services(pool: asyncpg.Pool, redis_conn: redis.Redis, settings: Settings) -> Services:
    return build_services(pool, redis_conn, settings)


class CountingStore:
    """The real store, counting the events the log reads hand out; the `fail_at`-th read fails as if Postgres went
    away (0: never)."""

    def __init__(self, store: EventStore, fail_at: int = 0) -> None:
        self._store = store
        self.fail_at = fail_at
        self.reads = 0
        self.events = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def read_log_events(self, after: Checkpoint, limit: int) -> tuple[Checkpoint, list[RecordedEvent]]:
        self.reads += 1
        if self.reads == self.fail_at:
            raise StoreUnavailable("connection lost (test)")
        place, recorded = await self._store.read_log_events(after, limit)
        self.events += len(recorded)
        return place, recorded


async def games(services: Services) -> list[str]:
    made = []
    for players in (2, 3, 2):
        game_id, _, tokens = await new_game(services, "six-nimmt", players)
        await play_to_end(services, game_id, tokens)
        made.append(game_id)
    lobby, _, _ = await new_game(services, "le-baron", 3)  # one still in play
    return [*made, lobby]


async def assert_replays(services: Services, game_ids: list[str]) -> None:
    for game_id in game_ids:
        record = await services.repo.record(game_id)
        loaded = await services.repo.snapshot(record)
        assert loaded is not None, game_id
        assert loaded[1] == encode_table(await services.repo.replay(game_id, codec(record.game))), game_id


async def test_an_interrupted_rebuild_continues_where_it_stopped(services: Services, redis_conn: redis.Redis) -> None:
    made = await games(services)
    projections = services.repo.projections
    total = await services.repo.store.log_size()
    assert total > 4 * PAGE  # the log is several pages long

    await redis_conn.flushdb()
    failing = CountingStore(services.repo.store, fail_at=3)
    first: list[Progress] = []
    with pytest.raises(StoreUnavailable):
        await Rebuilder(Repository(failing, projections), failing, projections, page=PAGE, flush_every=PAGE).run(
            report=first.append
        )
    # pages 1 and 2 were folded and written (the third read, under way while the second was written, failed)
    place = await projections.rebuild_place()
    assert place is not None and place.done == 2 * PAGE
    assert [p.done for p in first] == [PAGE, 2 * PAGE]
    assert all(p.total == total and not p.resumed for p in first)

    second: list[Progress] = []
    counting = CountingStore(services.repo.store)
    done = await Rebuilder(Repository(counting, projections), counting, projections, page=PAGE).run(
        report=second.append
    )
    assert done == total
    assert counting.events == total - 2 * PAGE  # nothing before the place was read again
    assert second[0].resumed and second[0].done == 3 * PAGE and second[0].this_run == PAGE
    assert second[-1].done == second[-1].total == total
    assert [p.done for p in second] == sorted(p.done for p in second)
    await assert_replays(services, made)
    # over: the place is gone, and the catch-up projector goes on from the end of the log
    assert await projections.rebuild_place() is None
    checkpoint = await projections.checkpoint()
    assert await services.repo.store.read_log(checkpoint, 10) == []
    assert checkpoint != Checkpoint()


async def test_a_rebuild_from_scratch_ignores_an_unfinished_one(services: Services, redis_conn: redis.Redis) -> None:
    made = await games(services)
    projections = services.repo.projections
    total = await services.repo.store.log_size()
    await redis_conn.flushdb()
    # a place left by a rebuild that stopped far along, and a projection it never wrote
    last = await services.repo.store.read_log(Checkpoint(), total)
    await projections.save_rebuild_place(RebuildPlace(Checkpoint().advanced(last[:-5]), total - 5))

    counting = CountingStore(services.repo.store)
    assert (
        await Rebuilder(Repository(counting, projections), counting, projections, page=PAGE).run(from_scratch=True)
        == total
    )
    assert counting.events == total
    await assert_replays(services, made)
    assert await projections.rebuild_place() is None


async def test_the_command_says_it_continues(services: Services, settings: object) -> None:
    from tests.integration.test_cli import tapis

    urls = {"database_url": settings.database_url, "redis_url": settings.redis_url}  # type: ignore[attr-defined]
    projections = services.repo.projections
    await projections.save_rebuild_place(RebuildPlace(Checkpoint(), done=0))
    continued = tapis("rebuild", **urls)
    assert continued.returncode == 0, continued.stderr
    assert "continuing the rebuild stopped after 0 events (--from-scratch starts over)" in continued.stderr
    assert await projections.rebuild_place() is None
    again = tapis("rebuild", "--from-scratch", **urls)
    assert again.returncode == 0 and "continuing" not in again.stderr, again.stderr


class ReadsBack(Repository):
    """Counts the projections read back by a rebuild (for a game it no longer held in memory)."""

    read_back = 0

    async def snapshot(self, record: GameRecord) -> tuple[int, bytes] | None:
        self.read_back += 1
        return await super().snapshot(record)


async def test_tables_evicted_from_memory_are_read_back(services: Services, redis_conn: redis.Redis) -> None:
    # room for two tables and two records: the interleaved games leave memory and come back from the projections
    # written for them (or from those waiting to be written)
    tables = [await new_game(services, "six-nimmt", players) for players in (2, 3, 4, 2)]
    draws = {game_id: Draws(b"rebuild", game_id) for game_id, _, _ in tables}
    for _ in range(30):  # the games' commands in turn: their events interleave in the log
        for game_id, _, tokens in tables:
            await step(services, game_id, tokens, draws[game_id])
    await redis_conn.flushdb()
    total = await services.repo.store.log_size()
    repo = ReadsBack(services.repo.store, services.repo.projections)
    assert await Rebuilder(repo, repo.store, repo.projections, page=7, cached=2, flush_every=20).run() == total
    assert repo.read_back > 0  # the path this test is for was taken
    await assert_replays(services, [game_id for game_id, _, _ in tables])
