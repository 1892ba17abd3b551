"""Per-seat secrets in Redis with a time to live (a rematch's new player token, until the seat's stream takes it)."""

from __future__ import annotations

import redis.asyncio as redis
from redis.exceptions import RedisError

from services.ports import ProjectionUnavailable


def mailbox_key(game_id: str, seat: int) -> str:
    return f"{{game:{game_id}}}:mailbox:{seat}"


class RedisMailbox:
    def __init__(self, client: redis.Redis) -> None:
        self._redis = client

    async def put(self, game_id: str, seat: int, value: str, ttl_seconds: int) -> None:
        try:
            await self._redis.set(mailbox_key(game_id, seat), value, ex=ttl_seconds)
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc

    async def get(self, game_id: str, seat: int) -> str | None:
        try:
            raw = await self._redis.get(mailbox_key(game_id, seat))
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc
        if raw is None:
            return None
        return raw.decode() if isinstance(raw, bytes) else str(raw)
