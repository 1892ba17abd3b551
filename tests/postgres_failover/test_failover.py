"""Postgres failover: `DATABASE_URL` naming a primary and its standby with `target_session_attrs=read-write`.

A primary and a streaming standby of the machine's PostgreSQL 15 with synchronous replication (tools/pg_standby.py);
the services as `tapis serve` wires them (bootstrap), on that multi-host URL. Players send commands, each with an
idempotency key, resending it while the store is unavailable; the primary is SIGKILLed while they play, the standby
promoted half a second later. Then every acknowledged command is on the promoted node exactly once (synchronous
replication: acknowledged means flushed on the standby), each game's versions run 1..n with no gap, and the same pool
took commands again by itself (asyncpg opened its new connections on whichever host took writes).
"""

from __future__ import annotations

import asyncio
import secrets
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TypeVar

import asyncpg
import msgspec
import pytest
import redis

from api.dependencies import Services
from bootstrap import build_services, keep_session, redis_client
from domain.kernel.shuffle import Draws
from infra.migrate import upgrade
from infra.settings import Settings
from services.ports import StoreUnavailable
from tests.conftest import redis_db_beside
from tests.game_driver import new_game
from tests.plain import plain
from tools.pg_standby import PrimaryAndStandby, missing

pytestmark = [pytest.mark.slow, pytest.mark.postgres_failover, pytest.mark.faults]
T = TypeVar("T")


@pytest.fixture
def pair() -> Iterator[PrimaryAndStandby]:
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    root = Path(tempfile.mkdtemp(prefix="tapis-pg-failover-"))  # under /tmp: the server user must reach it
    try:
        with PrimaryAndStandby(root) as running:
            running.sql(running.primary, "postgres", "CREATE DATABASE tapis")
            upgrade(running.url("tapis"))  # `tapis migrate` on the URL the API is given: both hosts
            yield running
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
async def services(pair: PrimaryAndStandby, settings: Settings) -> AsyncIterator[Services]:
    assert settings.redis_url
    redis_url = redis_db_beside(settings.redis_url, 5)
    redis.Redis.from_url(redis_url).flushdb()
    url = pair.url("tapis")
    pool = await asyncpg.create_pool(url, min_size=1, max_size=4, reset=keep_session)
    client = redis_client(redis_url)
    try:
        yield build_services(pool, client, replace(settings, database_url=url, redis_url=redis_url))
    finally:
        await client.aclose()
        await pool.close()


@dataclass
class Tally:
    acknowledged: list[tuple[str, str, float]] = field(default_factory=list)  # game id, idempotency key, when
    games: list[str] = field(default_factory=list)
    unavailable: int = 0


async def retried(call: Callable[[], Awaitable[T]], tally: Tally) -> T:
    """`call` again while the store is unavailable, until answered."""
    while True:
        try:
            return await call()
        except StoreUnavailable:
            tally.unavailable += 1
            await asyncio.sleep(0.05)


async def player(services: Services, players: int, stop: asyncio.Event, tally: Tally) -> None:
    """Games of six-nimmt one after the other until `stop`."""
    while not stop.is_set():
        game_id, _, tokens = await retried(lambda: new_game(services, "six-nimmt", players), tally)
        tally.games.append(game_id)
        await play(services, game_id, tokens, stop, tally)


async def play(services: Services, game_id: str, tokens: list[str], stop: asyncio.Event, tally: Tally) -> None:
    """The first awaited seat's first-drawn legal move, again and again; each command resent with its key while the
    store is unavailable, until answered."""
    draws = Draws(b"pg-failover", game_id)
    while not stop.is_set():
        view = plain(await retried(lambda: services.queries.view(game_id, None), tally))
        if view["status"] != "active":
            return
        seat = view["awaiting"][0]
        token = tokens[seat]
        moves = plain(await retried(partial(services.queries.legal_moves, game_id, token), tally))["moves"]
        body, key = msgspec.json.encode(moves[draws.draw(len(moves))]), secrets.token_hex(8)
        await retried(partial(services.commands.command, game_id, token, body, None, key), tally)
        tally.acknowledged.append((game_id, key, time.monotonic()))


async def test_acknowledged_commands_survive_a_promoted_standby(services: Services, pair: PrimaryAndStandby) -> None:
    tally, stop = Tally(), asyncio.Event()
    players = [asyncio.create_task(player(services, n, stop, tally)) for n in (2, 3, 4)]
    try:
        await asyncio.sleep(1.0)
        before = len(tally.acknowledged)
        await asyncio.to_thread(pair.kill_primary)
        await asyncio.sleep(0.5)  # commands meet a dead primary and a read-only standby
        await asyncio.to_thread(pair.promote)
        promoted = time.monotonic()
        await asyncio.sleep(2.0)
    finally:
        stop.set()
        await asyncio.gather(*players)
    assert before > 0 and tally.unavailable > 0
    after = [ack for ack in tally.acknowledged if ack[2] > promoted]
    assert after, "no command was acknowledged after the promotion: the pool did not reconnect by itself"

    survivor = await asyncpg.connect(pair.node_url(pair.standby, "tapis"))
    try:
        assert not await survivor.fetchval("SELECT pg_is_in_recovery()")
        for game_id in tally.games:
            keys = [key for g, key, _ in tally.acknowledged if g == game_id]
            stored = await survivor.fetch("SELECT key FROM idempotency WHERE stream_id = $1", game_id)
            # every acknowledged command once, and nothing else sent by a player (a command resent after its append
            # committed unanswered was answered from the store, not appended again)
            assert sorted(r["key"] for r in stored) == sorted(keys)
            versions = await survivor.fetch("SELECT version FROM events WHERE stream_id = $1 ORDER BY version", game_id)
            assert [r["version"] for r in versions] == list(range(1, len(versions) + 1))
            head = await survivor.fetchval("SELECT version FROM games WHERE game_id = $1", game_id)
            assert head == len(versions)
    finally:
        await survivor.close()
