"""The turn timer's question to Postgres: which running timed games has the clock run out on?"""

from __future__ import annotations

from datetime import datetime

import asyncpg

from infra.driver_errors import postgres_errors

# The deadline is the last event's time plus the game's turn_seconds (in GameCreated). Lobby, ended and expired
# games are left out by the type of their last event.
DUE = """
SELECT g.game_id, g.version
FROM events c
JOIN games g ON g.game_id = c.stream_id
JOIN events l ON l.stream_id = g.game_id AND l.version = g.version
WHERE c.version = 1 AND (c.data->>'turn_seconds') IS NOT NULL
  AND l.type NOT IN ('GameCreated', 'PlayerJoined', 'PlayerLeft', 'GameEnded', 'RematchCreated', 'LobbyExpired')
  AND l.recorded_at < $1::timestamptz - make_interval(secs => (c.data->>'turn_seconds')::int)
ORDER BY l.recorded_at
LIMIT $2
"""


class PostgresTurnClock:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def due(self, now: datetime, limit: int) -> list[tuple[str, int]]:
        with postgres_errors():
            rows = await self._pool.fetch(DUE, now, limit)
        return [(r["game_id"], r["version"]) for r in rows]
