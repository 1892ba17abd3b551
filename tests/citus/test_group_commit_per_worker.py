"""On Citus a group commit holds one worker's games (infra/event_store.py, GROUP_OF), each routed to its shard in one
transaction: concurrent appends to games on both workers never commit in two phases, and the appends to one worker's
games still share a commit.

The attacker here is load itself: with one group commit for the whole store in one statement, every flush of two
games or more prepared a transaction on each worker it touched (`pg_dist_transaction` counts them while Citus'
recovery is off), and the scaled-out configuration paid 5 to 8 times the single node's CPU a command
(docs/capacity.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import AbstractContextManager

import asyncpg
import pytest

from infra.event_store import PostgresEventStore
from services.observer import NO_OBSERVER, CommandWatch, TransactionWatch
from services.ports import GameRecord, NewEvent
from services.ports.webhooks import Outcome
from services.writes import Actor
from tests.citus.conftest import worker_of

pytestmark = [pytest.mark.citus, pytest.mark.integration]

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


async def test_appends_to_games_on_both_workers_never_commit_in_two_phases(
    citus_pool: asyncpg.Pool, no_recovery: None
) -> None:
    flushes = Flushes()
    store = PostgresEventStore(citus_pool, observer=flushes)
    games = [f"shard-{secrets.token_hex(6)}" for _ in range(GAMES)]
    for game_id in games:
        record = GameRecord(game_id, "six-nimmt", secrets.token_bytes(32), secrets.token_bytes(32), {})
        await store.create(record, [event(0)], {})
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
