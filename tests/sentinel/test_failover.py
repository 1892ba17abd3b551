"""Redis Sentinel: the API on `REDIS_URL=redis+sentinel://...` follows a failover by itself.

A primary, a replica and three sentinels of the machine's `redis-server` (infra/local_sentinel.py); the services
as `tapis serve` wires them (bootstrap), on the test session's Postgres. Commands are played, the primary is
SIGKILLed while they go on, the sentinels promote the replica, and the commands go on: every one answered, each
game's projection on the promoted replica reaching its head through the API's own writes (no restart, no catch-up
projector running) and equal to a replay.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from pathlib import Path

import asyncpg
import pytest
import redis.asyncio as redis

from api.dependencies import Services
from api.ratelimit import Limiter, Rate
from bootstrap import build_services, redis_client
from domain.kernel.shuffle import Draws
from infra.local_cluster import HOST, binaries
from infra.local_sentinel import LocalSentinel
from infra.projections import Layout
from infra.settings import Settings
from services.codec import codec, encode_table
from tests.game_driver import new_game, step

pytestmark = [pytest.mark.slow, pytest.mark.sentinel, pytest.mark.faults]


@pytest.fixture
def sentinel(tmp_path: Path) -> Iterator[LocalSentinel]:
    if binaries() is None:
        pytest.skip("no redis-server with a redis-cli beside it (apt-get install redis-server)")
    with LocalSentinel(tmp_path) as running:
        yield running


@pytest.fixture
async def services(pool: asyncpg.Pool, settings: Settings, sentinel: LocalSentinel) -> AsyncIterator[Services]:
    client = redis_client(sentinel.url)
    try:
        yield build_services(pool, client, replace(settings, redis_url=sentinel.url))
    finally:
        await client.aclose()


async def projected_version(port: int, game_id: str) -> int:
    """The version of the game's projection on one server (0: none)."""
    direct = redis.Redis(host=HOST, port=port, socket_timeout=2)
    try:
        stored = await direct.hget(Layout().state(game_id), "v")
    finally:
        await direct.aclose()
    return int(stored or 0)


async def head(services: Services, game_id: str) -> int:
    return (await services.repo.store.read_stream(game_id))[-1].version


async def test_commands_go_on_through_a_sentinel_failover(services: Services, sentinel: LocalSentinel) -> None:
    games = [await new_game(services, "six-nimmt", players) for players in (2, 3)]
    draws = {game_id: Draws(b"sentinel", game_id) for game_id, _, _ in games}

    async def play(rounds: int) -> int:
        played = 0
        for _ in range(rounds):
            for game_id, _, tokens in games:
                played += await step(services, game_id, tokens, draws[game_id])
        return played

    await play(5)
    old = sentinel.primary()
    for game_id, _, _ in games:
        assert await projected_version(old, game_id) == await head(services, game_id)

    sentinel.kill(old)
    promoting = asyncio.create_task(asyncio.to_thread(sentinel.wait_promoted, old))
    during = 0
    while not promoting.done():  # commands while the sentinels notice and promote: Postgres takes them
        during += await play(1)
        await asyncio.sleep(0.05)
    new = await promoting
    assert new in sentinel.replica_ports and during > 0

    after = await play(5)
    assert after > 0
    for game_id, _, _ in games:
        version = await head(services, game_id)
        # the API's own projection write reached the promoted replica (it asked the sentinels for it)
        assert services.repo.projected(game_id) == version
        assert await projected_version(new, game_id) == version
        record = await services.repo.record(game_id)
        loaded = await services.repo.snapshot(record)
        assert loaded is not None
        assert loaded[1] == encode_table(await services.repo.replay(game_id, codec(record.game)))

    # the rate limits (limits' own Sentinel storage) count on the promoted replica too: the third command of a
    # client allowed two a minute waits
    limiter = Limiter(Rate(1, 60), Rate(2, 60), Rate(1, 60), Rate(1, 60), redis_url=sentinel.url, key_prefix="t")
    try:
        waits = [await limiter.command("10.0.0.1") for _ in range(3)]
    finally:
        await limiter.aclose()
    assert waits[:2] == [0, 0] and waits[2] > 0
    direct = redis.Redis(host=HOST, port=new, socket_timeout=2)
    try:
        assert await direct.keys("t*")
    finally:
        await direct.aclose()
