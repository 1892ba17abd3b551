"""Seat changes that touch more than the event stream: leaving forgets the seat's token in the same transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from infra.appends import PendingAppend, append_one
from infra.event_store import CONNECTION_ERRORS
from services.ports import ConcurrencyConflict, NewEvent, StoreUnavailable

# The deadline is the last event's time plus the game's turn_seconds (in GameCreated). Lobby and ended games
# are left out by the type of their last event.
DUE = """
SELECT g.game_id, g.version
FROM events c
JOIN games g ON g.game_id = c.stream_id
JOIN events l ON l.stream_id = g.game_id AND l.version = g.version
WHERE c.version = 1 AND (c.data->>'turn_seconds') IS NOT NULL
  AND l.type NOT IN ('GameCreated', 'PlayerJoined', 'PlayerLeft', 'GameEnded', 'RematchCreated')
  AND l.recorded_at < $1::timestamptz - make_interval(secs => (c.data->>'turn_seconds')::int)
ORDER BY l.recorded_at
LIMIT $2
"""


class PostgresSeatStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def leave(
        self, game_id: str, expected_version: int, events: list[NewEvent], metadata: dict[str, Any], seat: int
    ) -> None:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                await append_one(conn, PendingAppend(game_id, expected_version, events, metadata))
                await conn.execute("DELETE FROM seat_tokens WHERE game_id = $1 AND seat = $2", game_id, seat)
        except asyncpg.UniqueViolationError as exc:
            raise ConcurrencyConflict(game_id) from exc
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc

    async def due(self, now: datetime, limit: int) -> list[tuple[str, int]]:
        try:
            rows = await self._pool.fetch(DUE, now, limit)
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc
        return [(r["game_id"], r["version"]) for r in rows]
