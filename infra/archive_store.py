"""The archive in Postgres: one zlib-compressed export document per finished game (docs/archive.md)."""

from __future__ import annotations

import zlib
from datetime import datetime

import asyncpg

from infra.driver_errors import postgres_errors

ENDED_BEFORE = """
SELECT e.stream_id FROM events e
WHERE e.type = 'GameEnded' AND e.recorded_at < $1
ORDER BY e.recorded_at
LIMIT $2
"""

# children first: seat_tokens references games; the events and idempotency keys have no key to it
FORGET = (
    "DELETE FROM events WHERE stream_id = $1",
    "DELETE FROM idempotency WHERE stream_id = $1",
    "DELETE FROM seat_tokens WHERE game_id = $1",
    "DELETE FROM games WHERE game_id = $1",
)


class PostgresArchive:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def ended_before(self, cutoff: datetime, limit: int) -> list[str]:
        with postgres_errors():
            rows = await self._pool.fetch(ENDED_BEFORE, cutoff, limit)
        return [r["stream_id"] for r in rows]

    async def move(self, game_id: str, version: int, finished_at: datetime, document: bytes) -> bool:
        compressed = zlib.compress(document)  # before the transaction: no lock is held while compressing
        with postgres_errors():
            async with self._pool.acquire() as conn, conn.transaction():
                # the row lock keeps an append (a rematch's RematchCreated) from slipping in after the export
                game = await conn.fetchval(
                    "SELECT game FROM games WHERE game_id = $1 AND version = $2 FOR UPDATE", game_id, version
                )
                if game is None:
                    return False
                await conn.execute(
                    "INSERT INTO archive (game_id, game, finished_at, document) VALUES ($1, $2, $3, $4)",
                    game_id,
                    game,
                    finished_at,
                    compressed,
                )
                for statement in FORGET:
                    await conn.execute(statement, game_id)
        return True

    async def document(self, game_id: str) -> bytes | None:
        with postgres_errors():
            found = await self._pool.fetchval("SELECT document FROM archive WHERE game_id = $1", game_id)
        return zlib.decompress(found) if found is not None else None
