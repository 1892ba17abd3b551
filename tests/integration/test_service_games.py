"""Games through the service layer on real Postgres and Redis: Redis flushed or down, two processes' own connections.

The rest (replay and audit, simultaneous choices, idempotency, a process behind the game, a lagging projection)
runs on memory adapters in tests/unit/services/test_service_games.py; `test_two_api_processes_serve_one_game`
is in both: here it shows the projection Redis keeps for two clients' concurrent writes is the replay.
"""

from __future__ import annotations

import asyncpg
import msgspec
import pytest
import redis.asyncio as redis

from api.dependencies import Services
from bootstrap import build_services, redis_client
from infra.settings import Settings
from services.codec import codec, encode_table
from tests.game_driver import new_game, play_to_end
from tests.plain import plain
from tests.unit.services.test_service_games import two_processes_play_one_game

pytestmark = pytest.mark.integration


async def projection_bytes(services: Services, game_id: str) -> bytes | None:
    loaded = await services.repo.snapshot(await services.repo.record(game_id))
    return loaded[1] if loaded else None


async def replay_bytes(services: Services, game_id: str) -> bytes:
    return encode_table(await services.repo.replay(game_id, codec("six-nimmt")))


async def test_redis_flushed_mid_game_loses_nothing(services: Services, redis_conn: redis.Redis) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)
    for seat in (0, 1):
        move = (plain(await services.queries.legal_moves(game_id, tokens[seat])))["moves"][0]
        await services.commands.command(game_id, tokens[seat], msgspec.json.encode(move), None, None)
    before = await replay_bytes(services, game_id)
    version = (plain(await services.queries.view(game_id, None)))["version"]
    await redis_conn.flushdb()
    view = plain(await services.queries.view(game_id, tokens[2]))  # falls back to a replay
    assert view["version"] == version
    assert view["state"]["chosen"] == [True, True, False]
    move = (plain(await services.queries.legal_moves(game_id, tokens[2])))["moves"][0]
    await services.commands.command(game_id, tokens[2], msgspec.json.encode(move), None, None)
    await services.projector.catch_up()
    assert before != await replay_bytes(services, game_id)
    assert await projection_bytes(services, game_id) == await replay_bytes(services, game_id)


async def test_commands_work_from_postgres_while_redis_is_down(pool: asyncpg.Pool, settings: Settings) -> None:
    dead = redis_client("redis://127.0.0.1:1/0")  # nothing listens on port 1
    services = build_services(pool, dead, settings)
    try:
        game_id, _, tokens = await new_game(services, "six-nimmt", 2)
        await play_to_end(services, game_id, tokens)
        assert (plain(await services.queries.view(game_id, None)))["status"] == "finished"
        assert (plain(await services.auditor.audit(game_id)))["ok"]
        listing = plain(await services.queries.listing("six-nimmt", None, 5))
        assert any(g["game_id"] == game_id for g in listing["games"])
    finally:
        await dead.aclose()


async def test_two_api_processes_serve_one_game(pool: asyncpg.Pool, settings: Settings) -> None:
    assert settings.database_url and settings.redis_url
    other_pool = await asyncpg.create_pool(settings.database_url, min_size=1, max_size=5)
    first_redis, second_redis = redis_client(settings.redis_url), redis_client(settings.redis_url)
    try:
        first = build_services(pool, first_redis, settings)
        second = build_services(other_pool, second_redis, settings)
        await two_processes_play_one_game(first, second)
    finally:
        await first_redis.aclose()
        await second_redis.aclose()
        await other_pool.close()
