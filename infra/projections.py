"""Redis projections: each game's folded state with its version, the listing's indexes, the projector checkpoint.

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

# KEYS: the summaries hash, the listing index (every listed game), the bot-turn set, the creation set (every game,
# private ones included: its score is when the game was first projected), the lobby set (every game in its lobby,
# private ones included, by creation: the lobby sweeper's schedule), then one state key per game saved.
# ARGV[1]: one msgpack array with, per game in the order of its state key, [version, game id, summary JSON,
# created, waiting on a bot, channel, fingerprint, game, status, private], packed by msgspec in one call where an
# argument per field cost redis-py a Python encode each; ARGV[1 + i]: game i's state (Redis' cmsgpack reads no binary
# strings).
#
# The listing is indexed per game and per status (`tapis:games:index:game:<game>`, `...:status:<status>`,
# `...:game:<game>:status:<status>`, each scored by creation), so that a filtered listing reads its own set and no
# number of other games can push a game out of it. A game moves between the status sets as its status changes: the
# status it was indexed under is read from the summary it replaces. A private game is in none of the listing's sets.
# The index keys are named in the script (one Redis primary, as the module says), not passed as KEYS.
SAVE_IF_NEWER = """
local saves = cmsgpack.unpack(ARGV[1])
local prefix = 'tapis:games:index'
local saved = {}
for i, s in ipairs(saves) do
  local key = KEYS[5 + i]
  local id = s[2]
  local stored = redis.call('HMGET', key, 'v', 'f')
  local current = tonumber(stored[1] or '0')
  -- a newer version, or the same version folded by code of another state schema (a refold after a deploy)
  if current < s[1] or (current == s[1] and (stored[2] or '') ~= s[7]) then
    local was = ''
    local old = redis.call('HGET', KEYS[1], id)
    if old then
      local ok, decoded = pcall(cjson.decode, old)
      if ok and type(decoded) == 'table' and type(decoded['status']) == 'string' then
        was = decoded['status']
      end
    end
    redis.call('HSET', key, 'v', s[1], 's', ARGV[1 + i], 'f', s[7])
    redis.call('HSET', KEYS[1], id, s[3])
    redis.call('ZADD', KEYS[4], 'NX', s[4], id)
    local created = redis.call('ZSCORE', KEYS[4], id)
    local game, status = s[8], s[9]
    if not s[10] then
      redis.call('ZADD', KEYS[2], 'NX', created, id)
      if game ~= '' then
        redis.call('ZADD', prefix .. ':game:' .. game, created, id)
      end
      if was ~= '' and was ~= status then
        redis.call('ZREM', prefix .. ':status:' .. was, id)
        if game ~= '' then
          redis.call('ZREM', prefix .. ':game:' .. game .. ':status:' .. was, id)
        end
      end
      if status ~= '' then
        redis.call('ZADD', prefix .. ':status:' .. status, created, id)
        if game ~= '' then
          redis.call('ZADD', prefix .. ':game:' .. game .. ':status:' .. status, created, id)
        end
      end
    end
    if status == 'lobby' then
      redis.call('ZADD', KEYS[5], created, id)
    else
      redis.call('ZREM', KEYS[5], id)
    end
    if s[5] then
      redis.call('ZADD', KEYS[3], s[4], id)
    else
      redis.call('ZREM', KEYS[3], id)
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
CREATED = "tapis:games:created"  # every game projected, private ones included, scored by when it was first
LOBBIES = "tapis:games:lobbies"  # every game in its lobby, private ones included, scored by creation


def index_key(game: str | None, status: str | None) -> str:
    """The listing's sorted set for a filter (the script names the same keys)."""
    key = INDEX
    if game is not None:
        key += f":game:{game}"
    if status is not None:
        key += f":status:{status}"
    return key


def _field(summary: dict[str, Any], name: str) -> str:
    """A summary's game or status for the index keys ("" when it has none, as the contract tests' fakes)."""
    value = summary.get(name)
    return value if isinstance(value, str) else ""


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
                    _field(save.summary, "game"),
                    _field(save.summary, "status"),
                    bool(save.summary.get("private")),
                )
                for save in saves
            ]
        )
        try:
            await self._save(
                keys=[SUMMARIES, INDEX, BOT_TURNS, CREATED, LOBBIES, *(state_key(s.game_id) for s in saves)],
                args=[packed, *(s.blob for s in saves)],
            )
        except (RedisError, OSError) as exc:
            return [ProjectionUnavailable(str(exc))] * len(saves)
        return [None] * len(saves)

    async def summaries(
        self, limit: int, game: str | None = None, status: str | None = None
    ) -> list[dict[str, Any]] | None:
        """Newest first, from the set of that game and status; None when nothing was ever projected (after a flush:
        the caller falls back to Postgres)."""
        with redis_errors():
            async with self._redis.pipeline(transaction=False) as pipe:
                pipe.exists(INDEX, CREATED)
                pipe.zrevrange(index_key(game, status), 0, limit - 1)
                projected, ids = await pipe.execute()
            if not projected:
                return None
            if not ids:
                return []
            raw = await self._redis.hmget(SUMMARIES, list(ids))
        return [msgspec.json.decode(r) for r in raw if r is not None]

    async def lobbies(self, created_before: float, limit: int) -> list[str]:
        """Games in the lobby created before `created_before` (epoch seconds), oldest first."""
        with redis_errors():
            ids = await self._redis.zrangebyscore(LOBBIES, 0, created_before, start=0, num=limit)
        return [i.decode() if isinstance(i, bytes) else str(i) for i in ids]

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
            async for key in self._redis.scan_iter(match=f"{INDEX}:*", count=500):
                await self._redis.delete(key)
            await self._redis.delete(SUMMARIES, INDEX, CHECKPOINT, BOT_TURNS, CREATED, LOBBIES)

    async def ping(self) -> None:
        with redis_errors():
            await self._redis.ping()
