"""The large store's bulk writer (bench/bulk_store.py) writes what the real append writes.

A game played through the services on Postgres is read back whole, deleted, and written again by the bulk writer
from its own events: every column of every row is the same (but the log's `position` and `tx_id`, which Postgres
gives), and so is each row's size. A copy under a fresh id passes the audit's checks that do not depend on the
deal (`tapis verify`'s code, services/verify.py) and fails the shuffles, as the writer's docstring says; a copy
cut before a command takes that command from its seat's token, loaded from Postgres alone.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import pytest

from api.dependencies import Services
from bench.bulk_store import ONE_ROUND, Copy, PoolGame, Variant, play, write
from services.codec import codec
from services.verify import verify

pytestmark = pytest.mark.integration

VARIANT = Variant("six-nimmt", 2, ONE_ROUND, 1)
EVENT_ROWS = (
    "SELECT stream_id, version, type, data::text, metadata::text, recorded_at, schema_version, chain,"
    " pg_column_size(e.*) AS size FROM events e WHERE stream_id = $1 ORDER BY version"
)
GAME_ROW = (
    "SELECT game, version, seed, admin_token_hash, api_key_id, join_code_hash, created_at, pg_column_size(g.*) AS size"
    " FROM games g WHERE game_id = $1"
)
TOKEN_ROWS = "SELECT seat, token_hash FROM seat_tokens WHERE game_id = $1 ORDER BY seat"


async def rows(pool: asyncpg.Pool, game_id: str) -> tuple[list[Any], Any, list[Any]]:
    events = [tuple(r) for r in await pool.fetch(EVENT_ROWS, game_id)]
    game = await pool.fetchrow(GAME_ROW, game_id)
    tokens = [tuple(r) for r in await pool.fetch(TOKEN_ROWS, game_id)]
    return events, game, tokens


async def delete(pool: asyncpg.Pool, game_id: str) -> None:
    async with pool.acquire() as conn, conn.transaction():
        for table, column in (("seat_tokens", "game_id"), ("events", "stream_id"), ("games", "game_id")):
            await conn.execute(f"DELETE FROM {table} WHERE {column} = $1", game_id)


async def played(services: Services, salt: int) -> PoolGame:
    return await play(VARIANT, bytes([salt, 7]) * 16, services)


async def test_a_bulk_written_game_is_the_appended_game_row_for_row(services: Services, pool: asyncpg.Pool) -> None:
    game = await played(services, 1)
    game_id = game.record.game_id
    appended = await rows(pool, game_id)
    assert len(appended[0]) == len(game.events) > 50
    await delete(pool, game_id)
    async with pool.acquire() as conn:
        written = await write(conn, [Copy.same(game)])
    assert written == len(game.events)
    bulk = await rows(pool, game_id)
    assert bulk[0] == appended[0]  # every column of every event, its size included
    assert bulk[2] == appended[2]
    assert tuple(bulk[1])[:6] == tuple(appended[1])[:6]
    assert bulk[1]["size"] == appended[1]["size"]
    # created_at: the append's transaction time, the bulk writer's GameCreated stamp: the same moment, near enough
    assert abs(bulk[1]["created_at"] - appended[1]["created_at"]) < timedelta(seconds=1)


async def test_a_copy_under_a_new_id_keeps_the_chain_and_commitments_not_the_deal(
    services: Services, pool: asyncpg.Pool
) -> None:
    game = await played(services, 2)
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    copy = Copy.fresh(game, None, start)
    retimed = Copy.same(game, start + timedelta(days=1))
    await delete(pool, game.record.game_id)
    async with pool.acquire() as conn:
        await write(conn, [copy, retimed])
    store = services.repo.store
    recorded = await store.read_stream(copy.game_id)
    assert [r.data for r in recorded][1:-1] == [e.data for e in game.events][1:-1]
    assert recorded[0].data != game.events[0].data  # its own id and seed commitment
    assert [r.recorded_at for r in recorded][:2] == [start, start + timedelta(seconds=2)]
    checks = {c.name: c.ok for c in verify(codec("six-nimmt"), recorded).checks}
    assert checks == {
        "protocol": True,
        "commitment": True,
        "reveals": True,
        "deal_key": True,
        "chain": True,
        "shuffles": False,  # the deal key binds the game id: the recorded shuffles are another key's
        "re_execution": False,
        "bot_moves": True,  # the seats are humans: no bot move to make again
        "scores": True,
    }
    # the pool game itself, rewritten at other times: its chain re-derived over the new stamps, every check passes
    again = await store.read_stream(game.record.game_id)
    assert again[0].recorded_at == start + timedelta(days=1)
    assert verify(codec("six-nimmt"), again).ok


async def test_a_copy_cut_before_a_command_plays_on(services: Services, pool: asyncpg.Pool) -> None:
    game = await played(services, 3)
    cut = game.commands[len(game.commands) // 2][0]
    copy = Copy.fresh(game, None, datetime.now(UTC) - timedelta(hours=1), length=cut, keep_tokens=True)
    async with pool.acquire() as conn:
        assert await write(conn, [copy]) == cut
    assert not copy.finished
    seat, body = copy.next_command()
    result = await services.commands.command(copy.game_id, copy.tokens[seat], body, None, None)
    assert result.version > cut
    stored = await pool.fetchval("SELECT version FROM games WHERE game_id = $1", copy.game_id)
    assert stored == result.version
