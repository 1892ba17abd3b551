"""Per-seat secrets in Redis with a time to live (a rematch's new player token, until the seat's stream takes it)."""

from __future__ import annotations

import redis.asyncio as redis

from infra.driver_errors import redis_errors


def mailbox_key(game_id: str, seat: int) -> str:
    return f"{{game:{game_id}}}:mailbox:{seat}"


class RedisMailbox:
    def __init__(self, client: redis.Redis) -> None:
        self._redis = client

    async def put(self, game_id: str, seat: int, value: str, ttl_seconds: int) -> None:
        with redis_errors():
            await self._redis.set(mailbox_key(game_id, seat), value, ex=ttl_seconds)

    async def get(self, game_id: str, seat: int) -> str | None:
        with redis_errors():
            raw = await self._redis.get(mailbox_key(game_id, seat))
        if raw is None:
            return None
        return raw.decode() if isinstance(raw, bytes) else str(raw)
