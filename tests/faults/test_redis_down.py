"""Fault 1: Redis stops in the middle of games. Commands go on from Postgres; once Redis is back, the projections
catch up by themselves (the projector of the running server, no command needed) and equal a full replay."""

from __future__ import annotations

import asyncio
import time

import asyncpg
import pytest
import redis.asyncio as redis

from bootstrap import build_services
from infra.settings import Settings
from services.codec import codec, encode_table
from tests import local_http
from tests.e2e.conftest import start_server, stop_server
from tests.faults.conftest import Stack
from tests.faults.load import GAMES, Outcome, Player, Target, check_store, new_game

pytestmark = pytest.mark.faults


async def projections_equal_replays(stack: Stack, game_ids: list[str], within: float) -> None:
    """Wait (bounded) until every game's projection is at the head of its stream, then compare it with a replay."""
    pool = await asyncpg.create_pool(stack.urls.database_url, min_size=1, max_size=2)
    client = redis.Redis.from_url(stack.urls.redis_url)
    try:
        services = build_services(pool, client, Settings(test_mode=True))
        repo = services.repo
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


async def test_commands_go_on_without_redis_and_projections_catch_up(stack: Stack) -> None:
    process, base = start_server(stack.urls)
    outcome = Outcome()
    try:
        async with local_http.async_client() as http:
            games = [await new_game(http, base, game, players, options) for game, players, options in GAMES]
            target = Target(base)
            players = [Player(http, target, outcome, game_id, tokens) for game_id, tokens in games]
            stop = asyncio.Event()
            # a few moves with Redis up, then Redis goes and the same players carry on
            await asyncio.gather(*(p.play(stop, moves_limit=5) for p in players))
            stack.servers.stop_server("redis")
            before = len(outcome.acks)
            await asyncio.gather(*(p.play(stop, moves_limit=25) for p in players))
            moved_without_redis = len(outcome.acks) - before
            health = (await http.get(f"{base}/v1/health")).json()
            assert health["redis"] == "down" and health["postgres"] == "ok"
            stack.servers.start_server("redis")
            # not a single command after Redis returned: the server's own projector must bring the projections up
            await projections_equal_replays(stack, [g for g, _ in games], within=20)
    finally:
        stop_server(process)
    assert outcome.server_errors == [] and outcome.refused == []
    assert outcome.statuses.keys() <= {200}, outcome.statuses
    assert moved_without_redis >= 3 * len(games)
    await check_store(stack.urls.database_url, outcome, [g for g, _ in games])
