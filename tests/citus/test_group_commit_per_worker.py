"""On Citus a group commit holds one worker's games (infra/event_store.py, GROUP_OF), each routed to its shard in one
transaction: concurrent appends to games on both workers never commit in two phases, and the appends to one worker's
games still share a commit.

The attacker here is load itself: with one group commit for the whole store in one statement, every flush of two
games or more prepared a transaction on each worker it touched (`pg_dist_transaction` counts them while Citus'
recovery is off), and the scaled-out configuration paid 5 to 8 times the single node's CPU a command
(docs/capacity.md).

With TAPIS_CITUS_WORKER_APPENDS (infra/citus_workers.py) each worker's group commit goes to that worker itself, and
the coordinator takes no part in it. The witness is the events' positions: the identity that numbers them is
evaluated where the INSERT is planned, and Citus gives each worker its own range of it (its node group in the top
16 bits), while the coordinator's own range starts at 1.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import AbstractContextManager

import asyncpg
import pytest

from bootstrap import worker_pools
from infra.citus_workers import WorkerPools
from infra.embedded import ServiceUrls
from infra.event_store import PostgresEventStore
from services.observer import NO_OBSERVER, CommandWatch, TransactionWatch
from services.ports import GameRecord, NewEvent
from services.ports.webhooks import Outcome
from services.writes import Actor
from tests.citus.conftest import worker_of

pytestmark = [pytest.mark.citus, pytest.mark.integration]

# where Citus starts the identity range of node group g on its workers: g << 48
GROUP_BITS = 48
# a node group's shard of a game, as the coordinator has it
GROUP = """
SELECT groupid FROM pg_dist_placement WHERE shardid = get_shard_id_for_distribution_column('events', $1::text)
"""

GAMES = 40  # on both workers
ROUNDS = 6


class Flushes:
    """The group commits' sizes; everything else as NO_OBSERVER does it (nothing)."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def command(self) -> AbstractContextManager[CommandWatch]:
        return NO_OBSERVER.command()

    def transaction(self, record: GameRecord, actor: Actor) -> AbstractContextManager[TransactionWatch]:
        return NO_OBSERVER.transaction(record, actor)

    def creating(self) -> AbstractContextManager[object]:
        return NO_OBSERVER.creating()

    def appending(self, stream_id: str, expected_version: int, events: int) -> AbstractContextManager[object]:
        return NO_OBSERVER.appending(stream_id, expected_version, events)

    @contextlib.contextmanager
    def group_commit(self, appends: list[tuple[str, int]]) -> Iterator[object]:
        self.sizes.append(len(appends))
        yield None

    def webhook_attempt(self, outcome: Outcome) -> None:
        NO_OBSERVER.webhook_attempt(outcome)


@pytest.fixture
async def no_recovery(citus_pool: asyncpg.Pool) -> AsyncIterator[None]:
    """Citus' maintenance daemon empties pg_dist_transaction as it recovers; off, each prepared transaction stays."""
    await citus_pool.execute("ALTER SYSTEM SET citus.recover_2pc_interval = -1")
    await citus_pool.execute("SELECT pg_reload_conf()")
    try:
        yield
    finally:
        await citus_pool.execute("ALTER SYSTEM RESET citus.recover_2pc_interval")
        await citus_pool.execute("SELECT pg_reload_conf()")


def event(n: int) -> NewEvent:
    return NewEvent(type="Noted", data=f'{{"n":{n}}}'.encode())


@pytest.fixture
async def workers(citus_pool: asyncpg.Pool, citus_urls: ServiceUrls) -> AsyncIterator[WorkerPools]:
    pools = worker_pools(citus_pool, citus_urls.database_url)
    yield pools
    await pools.close()


async def test_appends_to_games_on_both_workers_never_commit_in_two_phases(
    citus_pool: asyncpg.Pool, no_recovery: None
) -> None:
    flushes = Flushes()
    await appended_on_both_workers(citus_pool, PostgresEventStore(citus_pool, observer=flushes), flushes)


async def test_appends_sent_to_the_workers_are_planned_there_and_never_commit_in_two_phases(
    citus_pool: asyncpg.Pool, no_recovery: None, workers: WorkerPools
) -> None:
    flushes = Flushes()
    store = PostgresEventStore(citus_pool, observer=flushes, workers=workers)
    games = await appended_on_both_workers(citus_pool, store, flushes)
    for game_id in games:
        group = await citus_pool.fetchval(GROUP, game_id)
        rows = await citus_pool.fetch("SELECT position FROM events WHERE stream_id = $1 AND version > 1", game_id)
        positions = [row["position"] for row in rows]
        assert len(positions) == ROUNDS
        # every append after the creation (which goes through the coordinator) numbered on the game's worker
        assert {p >> GROUP_BITS for p in positions} == {group}, (game_id, group, positions)


async def test_the_coordinators_appends_are_numbered_there(citus_pool: asyncpg.Pool, no_recovery: None) -> None:
    """The witness above tells the two paths apart: through the coordinator, the positions are its own."""
    flushes = Flushes()
    games = await appended_on_both_workers(citus_pool, PostgresEventStore(citus_pool, observer=flushes), flushes)
    positions = await citus_pool.fetch("SELECT position FROM events WHERE stream_id = ANY($1::text[])", games)
    assert all(row["position"] >> GROUP_BITS == 0 for row in positions)


async def test_a_worker_that_cannot_be_reached_takes_its_appends_through_the_coordinator(
    citus_pool: asyncpg.Pool,
) -> None:
    """The API cannot reach a worker at the coordinator's address for it (a network between them, a worker moved):
    the appends are routed by the coordinator as without TAPIS_CITUS_WORKER_APPENDS, none lost or refused."""
    tried: list[tuple[str, int]] = []

    async def unreachable(host: str, port: int) -> asyncpg.Pool:
        tried.append((host, port))
        raise ConnectionRefusedError(f"{host}:{port} refused the connection")

    store = PostgresEventStore(citus_pool, workers=WorkerPools(citus_pool, unreachable))
    games = [f"away-{secrets.token_hex(6)}" for _ in range(8)]
    for game_id in games:
        await create(store, game_id)
    for version in (1, 2):
        assert (
            await asyncio.gather(*(store.append(g, version, [event(version)], {}) for g in games)) == [version + 1] * 8
        )
    assert tried  # it did try the workers, and again after each failure
    positions = await citus_pool.fetch("SELECT position FROM events WHERE stream_id = ANY($1::text[])", games)
    assert len(positions) == 3 * 8 and all(row["position"] >> GROUP_BITS == 0 for row in positions)


async def create(store: PostgresEventStore, game_id: str) -> None:
    record = GameRecord(game_id, "six-nimmt", secrets.token_bytes(32), secrets.token_bytes(32), {})
    await store.create(record, [event(0)], {})


async def appended_on_both_workers(citus_pool: asyncpg.Pool, store: PostgresEventStore, flushes: Flushes) -> list[str]:
    """GAMES games on both workers, each appended to ROUNDS times concurrently: no prepared transaction, batches
    still shared, every stream whole. The games."""
    games = [f"shard-{secrets.token_hex(6)}" for _ in range(GAMES)]
    for game_id in games:
        await create(store, game_id)
    workers = {await worker_of(citus_pool, game_id) for game_id in games}
    assert len(workers) == 2, workers  # the case this test is for

    before = await citus_pool.fetchval("SELECT count(*) FROM pg_dist_transaction")
    flushes.sizes.clear()
    for version in range(1, ROUNDS + 1):
        moved = await asyncio.gather(*(store.append(g, version, [event(version)], {}) for g in games))
        assert moved == [version + 1] * GAMES
    prepared = await citus_pool.fetchval("SELECT count(*) FROM pg_dist_transaction") - before

    assert prepared == 0, f"{prepared} prepared transactions for {GAMES * ROUNDS} appends"
    assert sum(flushes.sizes) == GAMES * ROUNDS
    assert max(flushes.sizes) > 1, flushes.sizes  # one worker's games still share a group commit
    for game_id in games:
        assert [e.version for e in await store.read_stream(game_id)] == list(range(1, ROUNDS + 2))
    return games
