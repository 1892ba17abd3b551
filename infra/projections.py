"""Redis projections: each game's folded state with its version, a listing index, the projector checkpoint.

Keys carry a hash tag per game (`{game:<id>}:state`) so a Redis Cluster keeps a game on one slot.
A write never moves a projection backwards: the Lua script compares versions on the server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import redis.asyncio as redis
from redis.exceptions import RedisError

from services.ports import Checkpoint, ProjectionUnavailable

SAVE_IF_NEWER = """
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current < tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', ARGV[2])
  redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
  redis.call('ZADD', KEYS[3], 'NX', ARGV[5], ARGV[3])
  if ARGV[6] == '1' then
    redis.call('ZADD', KEYS[4], ARGV[7], ARGV[3])
  else
    redis.call('ZREM', KEYS[4], ARGV[3])
  end
  if ARGV[8] ~= '' then
    redis.call('PUBLISH', ARGV[8], ARGV[1])
  end
  return 1
end
return 0
"""

SUMMARIES = "tapis:games:summary"
INDEX = "tapis:games:index"
CHECKPOINT = "tapis:projector:checkpoint"
BOT_TURNS = "tapis:games:bot_turns"  # games waiting on a bot, scored by when they started waiting


def state_key(game_id: str) -> str:
    return f"{{game:{game_id}}}:state"


class RedisProjections:
    """`channel(game_id)`, when given, names the pub/sub channel told of each new version (live streams),
    published by the same script so a command costs one round trip to Redis for its projection."""

    def __init__(self, client: redis.Redis, channel: Callable[[str], str] | None = None) -> None:
        self._redis = client
        self._save = client.register_script(SAVE_IF_NEWER)
        self._channel = channel

    async def load(self, game_id: str) -> tuple[int, bytes] | None:
        try:
            version, blob = await self._redis.hmget(state_key(game_id), ["v", "s"])
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc
        if version is None or blob is None:
            return None
        return int(version), blob if isinstance(blob, bytes) else blob.encode()

    async def save(self, game_id: str, version: int, blob: bytes, summary: dict[str, Any]) -> None:
        try:
            await self._save(
                keys=[state_key(game_id), SUMMARIES, INDEX, BOT_TURNS],
                args=[
                    version,
                    blob,
                    game_id,
                    msgspec.json.encode(summary),
                    summary.get("created", 0),
                    "1" if summary.get("bot_turn") else "0",
                    summary.get("created", 0),
                    self._channel(game_id) if self._channel else "",
                ],
            )
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc

    async def summaries(self, limit: int) -> list[dict[str, Any]] | None:
        """Newest first; None when the index is empty (after a flush: the caller falls back to Postgres)."""
        try:
            ids = await self._redis.zrevrange(INDEX, 0, limit - 1)
            if not ids:
                return None
            raw = await self._redis.hmget(SUMMARIES, list(ids))  # type: ignore[arg-type]
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc
        return [msgspec.json.decode(r) for r in raw if r is not None]

    async def bot_turns(self, waiting_since: float, limit: int) -> list[str]:
        """Games that have been waiting on a bot since before `waiting_since` (epoch seconds)."""
        try:
            ids = await self._redis.zrangebyscore(BOT_TURNS, 0, waiting_since, start=0, num=limit)
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc
        return [i.decode() if isinstance(i, bytes) else str(i) for i in ids]

    async def checkpoint(self) -> Checkpoint:
        try:
            raw = await self._redis.get(CHECKPOINT)
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc
        return msgspec.json.decode(raw, type=Checkpoint) if raw else Checkpoint()

    async def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        try:
            await self._redis.set(CHECKPOINT, msgspec.json.encode(checkpoint))
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc

    async def reset(self) -> None:
        try:
            async for key in self._redis.scan_iter(match="{game:*}:state", count=500):
                await self._redis.delete(key)
            await self._redis.delete(SUMMARIES, INDEX, CHECKPOINT, BOT_TURNS)
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc

    async def ping(self) -> None:
        try:
            await self._redis.ping()
        except (RedisError, OSError) as exc:
            raise ProjectionUnavailable(str(exc)) from exc
