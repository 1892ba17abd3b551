"""Redis projections: each game's folded state with its version, a listing index, the projector checkpoint.

A write never moves a projection backwards: the Lua script compares versions on the server. One script call
writes several games' states and the shared listing keys, so this needs one Redis primary, not a Cluster
(the `{game:<id>}` hash tag in the state keys is kept so that keys stay stable if that ever changes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import redis.asyncio as redis
from redis.exceptions import RedisError

from infra.batching import Batcher
from infra.driver_errors import redis_errors
from services.ports import Checkpoint, ProjectionUnavailable

# KEYS: the summaries hash, the listing index, the bot-turn set, then one state key per game saved.
# ARGV[1]: one msgpack array with, per game in the order of its state key, [version, game id, summary JSON,
# created, waiting on a bot, channel, fingerprint], packed by msgspec in one call where an argument per field cost
# redis-py a Python encode each; ARGV[1 + i]: game i's state (Redis' cmsgpack reads no binary strings).
SAVE_IF_NEWER = """
local saves = cmsgpack.unpack(ARGV[1])
local saved = {}
for i, s in ipairs(saves) do
  local key = KEYS[3 + i]
  local stored = redis.call('HMGET', key, 'v', 'f')
  local current = tonumber(stored[1] or '0')
  -- a newer version, or the same version folded by code of another state schema (a refold after a deploy)
  if current < s[1] or (current == s[1] and (stored[2] or '') ~= s[7]) then
    redis.call('HSET', key, 'v', s[1], 's', ARGV[1 + i], 'f', s[7])
    redis.call('HSET', KEYS[1], s[2], s[3])
    redis.call('ZADD', KEYS[2], 'NX', s[4], s[2])
    if s[5] then
      redis.call('ZADD', KEYS[3], s[4], s[2])
    else
      redis.call('ZREM', KEYS[3], s[2])
    end
    if s[6] ~= '' then
      redis.call('PUBLISH', s[6], s[1])
    end
    saved[i] = 1
  else
    saved[i] = 0
  end
end
return saved
"""

SUMMARIES = "tapis:games:summary"
INDEX = "tapis:games:index"
CHECKPOINT = "tapis:projector:checkpoint"
BOT_TURNS = "tapis:games:bot_turns"  # games waiting on a bot, scored by when they started waiting


def _text(value: bytes | str | None) -> str:
    if value is None:
        return ""  # a snapshot from before fingerprints
    return value.decode() if isinstance(value, bytes) else value


def state_key(game_id: str) -> str:
    return f"{{game:{game_id}}}:state"


class Save(msgspec.Struct, frozen=True):
    game_id: str
    version: int
    blob: bytes
    summary: dict[str, Any]
    fingerprint: str = ""


class RedisProjections:
    """`channel(game_id)`, when given, names the pub/sub channel told of each new version (live streams),
    published by the same script so a command costs one round trip to Redis for its projection. Saves from
    concurrent commands share that round trip (`infra/batching.py`)."""

    def __init__(self, client: redis.Redis, channel: Callable[[str], str] | None = None, max_batch: int = 64) -> None:
        self._redis = client
        self._save = client.register_script(SAVE_IF_NEWER)
        self._channel = channel
        self._saves: Batcher[Save, None] = Batcher(self._save_batch, max_batch=max_batch)

    async def load(self, game_id: str, fingerprint: str = "") -> tuple[int, bytes] | None:
        with redis_errors():
            version, blob, stored = await self._redis.hmget(state_key(game_id), ["v", "s", "f"])
        if version is None or blob is None or _text(stored) != fingerprint:
            return None
        return int(version), blob if isinstance(blob, bytes) else blob.encode()

    async def save(
        self, game_id: str, version: int, blob: bytes, summary: dict[str, Any], fingerprint: str = ""
    ) -> None:
        await self._saves.submit(Save(game_id, version, blob, summary, fingerprint))

    async def _save_batch(self, saves: list[Save]) -> list[BaseException | None]:
        packed = msgspec.msgpack.encode(
            [
                (
                    save.version,
                    save.game_id,
                    msgspec.json.encode(save.summary).decode(),
                    save.summary.get("created", 0),
                    bool(save.summary.get("bot_turn")),
                    self._channel(save.game_id) if self._channel else "",
                    save.fingerprint,
                )
                for save in saves
            ]
        )
        try:
            await self._save(
                keys=[SUMMARIES, INDEX, BOT_TURNS, *(state_key(s.game_id) for s in saves)],
                args=[packed, *(s.blob for s in saves)],
            )
        except (RedisError, OSError) as exc:
            return [ProjectionUnavailable(str(exc))] * len(saves)
        return [None] * len(saves)

    async def summaries(self, limit: int) -> list[dict[str, Any]] | None:
        """Newest first; None when the index is empty (after a flush: the caller falls back to Postgres)."""
        with redis_errors():
            ids = await self._redis.zrevrange(INDEX, 0, limit - 1)
            if not ids:
                return None
            raw = await self._redis.hmget(SUMMARIES, list(ids))  # type: ignore[arg-type]
        return [msgspec.json.decode(r) for r in raw if r is not None]

    async def bot_turns(self, waiting_since: float, limit: int) -> list[str]:
        """Games that have been waiting on a bot since before `waiting_since` (epoch seconds)."""
        with redis_errors():
            ids = await self._redis.zrangebyscore(BOT_TURNS, 0, waiting_since, start=0, num=limit)
        return [i.decode() if isinstance(i, bytes) else str(i) for i in ids]

    async def checkpoint(self) -> Checkpoint:
        with redis_errors():
            raw = await self._redis.get(CHECKPOINT)
        return msgspec.json.decode(raw, type=Checkpoint) if raw else Checkpoint()

    async def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        with redis_errors():
            await self._redis.set(CHECKPOINT, msgspec.json.encode(checkpoint))

    async def reset(self) -> None:
        with redis_errors():
            async for key in self._redis.scan_iter(match="{game:*}:state", count=500):
                await self._redis.delete(key)
            await self._redis.delete(SUMMARIES, INDEX, CHECKPOINT, BOT_TURNS)

    async def ping(self) -> None:
        with redis_errors():
            await self._redis.ping()
