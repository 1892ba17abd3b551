"""Redis projections: each game's folded state with its version, the listing's indexes, the projector checkpoint.

A write never moves a projection backwards: the Lua script compares versions on the server. On one primary a script
call writes several games' states and the listing keys together, as before. On a Redis Cluster (`Layout(shards)`)
the keys are split into a fixed number of shards, each in one hash slot (`{s<k>}`): a game's state, its summary and
its entries in the listing, bot-turn and lobby indexes all live in its shard, so the script still updates them
atomically and never spans two slots; group commit sends one script call per shard, the calls of different shards
at once. A listing reads each shard's top entries and merges them by creation (exact: the newest `limit` of the
union are among the newest `limit` of each shard).
"""

from __future__ import annotations

import asyncio
import heapq
import zlib
from collections.abc import Callable
from typing import Any, cast

import msgspec
from redis.asyncio.cluster import RedisCluster

from infra.batching import Batcher
from infra.driver_errors import redis_errors
from infra.redis_client import REDIS_ERRORS, Client
from services.ports import Checkpoint, ProjectionUnavailable, RebuildPlace

# KEYS: the summaries hash, the listing index (every listed game), the bot-turn set, the creation set (every game,
# private ones included: its score is when the game was first projected), the lobby set (every game in its lobby,
# private ones included, by creation: the lobby sweeper's schedule), then one state key per game saved; on a cluster
# all of one shard.
# ARGV[1]: one msgpack array with, per game in the order of its state key, [version, game id, summary JSON,
# created, waiting on a bot, channel, fingerprint, game, status, private, sharded, message], packed by msgspec in one
# call where an argument per field cost redis-py a Python encode each; ARGV[1 + i]: game i's state (Redis' cmsgpack
# reads no binary strings). `sharded`: publish with SPUBLISH (Redis 7 sharded pub/sub, the shard's channel is in the
# shard's slot), PUBLISH on a server without it (Redis 6).
#
# The listing is indexed per game and per status (`tapis:games:index:game:<game>`, `...:status:<status>`,
# `...:game:<game>:status:<status>`, each scored by creation), so that a filtered listing reads its own set and no
# number of other games can push a game out of it. A game moves between the status sets as its status changes: the
# status it was indexed under is read from the summary it replaces. A private game is in none of the listing's sets.
# The filtered index keys are named in the script from the listing index's own name (KEYS[2]), not passed as KEYS:
# on a cluster they carry the same hash tag, so they are in the script's slot.
# Lua that both scripts start with: a game leaves the sets of one status (the status's and its game's status's)
LEAVE_STATUS = """
local function leave_status(prefix, id, game, status)
  redis.call('ZREM', prefix .. ':status:' .. status, id)
  if game ~= '' then
    redis.call('ZREM', prefix .. ':game:' .. game .. ':status:' .. status, id)
  end
end
"""
SAVE_IF_NEWER = (
    LEAVE_STATUS
    + """
local saves = cmsgpack.unpack(ARGV[1])
local prefix = KEYS[2]
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
        leave_status(prefix, id, game, was)
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
      if s[11] then
        local sent = redis.pcall('SPUBLISH', s[6], s[12])
        if type(sent) == 'table' and sent.err then
          redis.call('PUBLISH', s[6], s[12])
        end
      else
        redis.call('PUBLISH', s[6], s[12])
      end
    end
    saved[i] = 1
  else
    saved[i] = 0
  end
end
return saved
"""
)

# KEYS as SAVE_IF_NEWER's: the summaries hash, the listing index, the bot-turn set, the creation set, the lobby set,
# then one state key per game; ARGV: the games' ids, in the order of their state keys. Each game leaves every set
# its summary says it is in (the filtered index keys named from KEYS[2], as the save names them), then its summary
# and state go.
DROP = (
    LEAVE_STATUS
    + """
local prefix = KEYS[2]
for i, id in ipairs(ARGV) do
  local old = redis.call('HGET', KEYS[1], id)
  if old then
    local ok, decoded = pcall(cjson.decode, old)
    if ok and type(decoded) == 'table' then
      local game = type(decoded['game']) == 'string' and decoded['game'] or ''
      local status = type(decoded['status']) == 'string' and decoded['status'] or ''
      if game ~= '' then
        redis.call('ZREM', prefix .. ':game:' .. game, id)
      end
      if status ~= '' then
        leave_status(prefix, id, game, status)
      end
    end
  end
  redis.call('HDEL', KEYS[1], id)
  for k = 2, 5 do
    redis.call('ZREM', KEYS[k], id)
  end
  redis.call('DEL', KEYS[5 + i])
end
return #ARGV
"""
)

SUMMARIES = "tapis:games:summary"
INDEX = "tapis:games:index"
CHECKPOINT = "tapis:projector:checkpoint"
REBUILD = "tapis:projector:rebuild"  # an unfinished `tapis rebuild`'s place (services/rebuild.py); not in `reset`
BOT_TURNS = "tapis:games:bot_turns"  # games waiting on a bot, scored by when they started waiting
CREATED = "tapis:games:created"  # every game projected, private ones included, scored by when it was first
LOBBIES = "tapis:games:lobbies"  # every game in its lobby, private ones included, scored by creation
CLUSTER_SHARDS = 32  # on a Redis Cluster: the listing's shards (a change needs `tapis rebuild`: keys move)


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


class Layout:
    """Where the keys are. `shards == 0`: one primary, the names of before (one summaries hash, one set per index).
    Else a Redis Cluster: shard `k` holds its games' states and its part of every index under the hash tag
    `{s<k>}`, and live wake-ups go on the shard's channel (`tapis:live:{s<k>}`, the game id as the message)."""

    def __init__(self, shards: int = 0) -> None:
        self.shards = shards

    @property
    def cluster(self) -> bool:
        return self.shards > 0

    def all(self) -> range:
        return range(max(self.shards, 1))

    def shard(self, game_id: str) -> int:
        # crc32: stable across processes and releases (Python's hash() of a str is salted per process)
        return zlib.crc32(game_id.encode()) % self.shards if self.shards else 0

    def _base(self, shard: int) -> str:
        return f"tapis:games:{{s{shard}}}"

    def state(self, game_id: str) -> str:
        return f"{self._base(self.shard(game_id))}:state:{game_id}" if self.shards else state_key(game_id)

    def summaries(self, shard: int) -> str:
        return f"{self._base(shard)}:summary" if self.shards else SUMMARIES

    def index(self, shard: int, game: str | None = None, status: str | None = None) -> str:
        key = f"{self._base(shard)}:index" if self.shards else INDEX
        if game is not None:
            key += f":game:{game}"
        if status is not None:
            key += f":status:{status}"
        return key

    def bot_turns(self, shard: int) -> str:
        return f"{self._base(shard)}:bot_turns" if self.shards else BOT_TURNS

    def created(self, shard: int) -> str:
        return f"{self._base(shard)}:created" if self.shards else CREATED

    def lobbies(self, shard: int) -> str:
        return f"{self._base(shard)}:lobbies" if self.shards else LOBBIES

    def script_keys(self, shard: int, game_ids: list[str]) -> list[str]:
        """The KEYS of the save and drop scripts for these games of one shard: the shard's summaries, listing
        index, bot turns, creation and lobby sets, then each game's state."""
        shared = [self.summaries(shard), self.index(shard), self.bot_turns(shard), self.created(shard)]
        return [*shared, self.lobbies(shard), *(self.state(game_id) for game_id in game_ids)]

    def channel(self, shard: int) -> str:
        return f"tapis:live:{{s{shard}}}"

    def channels(self) -> list[str]:
        return [self.channel(shard) for shard in range(self.shards)]


def layout_of(client: Client, shards: int = CLUSTER_SHARDS) -> Layout:
    """The layout a client needs: `shards` slots on a Redis Cluster, the names of before on one primary."""
    return Layout(shards) if isinstance(client, RedisCluster) else Layout()


def _decoded(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class Save(msgspec.Struct, frozen=True):
    game_id: str
    version: int
    blob: bytes
    summary: dict[str, Any]
    fingerprint: str = ""


class RedisProjections:
    """`channel(game_id)`, when given, names the pub/sub channel told of each new version (live streams),
    published by the same script so a command costs one round trip to Redis for its projection; on a cluster the
    shard's channel is told the game id instead (`publish`). Saves from concurrent commands share that round trip
    (`infra/batching.py`), one per shard on a cluster."""

    def __init__(
        self,
        client: Client,
        channel: Callable[[str], str] | None = None,
        max_batch: int = 64,
        layout: Layout | None = None,
        publish: bool = False,
    ) -> None:
        self._redis = client
        self._save = client.register_script(SAVE_IF_NEWER)
        self._drop = client.register_script(DROP)
        self._channel = channel
        self._layout = layout or layout_of(client)
        self._publish = publish
        self._saves: Batcher[Save, None] = Batcher(self._save_batch, max_batch=max_batch)

    @property
    def layout(self) -> Layout:
        return self._layout

    async def load(self, game_id: str, fingerprint: str = "") -> tuple[int, bytes] | None:
        with redis_errors():
            version, blob, stored = await self._redis.hmget(self._layout.state(game_id), ["v", "s", "f"])
        if version is None or blob is None or _text(stored) != fingerprint:
            return None
        return int(version), blob if isinstance(blob, bytes) else blob.encode()

    async def save(
        self, game_id: str, version: int, blob: bytes, summary: dict[str, Any], fingerprint: str = ""
    ) -> None:
        await self._saves.submit(Save(game_id, version, blob, summary, fingerprint))

    def _publication(self, game_id: str, version: int) -> tuple[str, bool, str]:
        """(channel, sharded, message) of a save: the game's channel and its version on one primary, the shard's
        channel and the game id on a cluster, no channel at all when nothing is published."""
        layout = self._layout
        if layout.cluster:
            return (layout.channel(layout.shard(game_id)), True, game_id) if self._publish else ("", False, "")
        return (self._channel(game_id), False, str(version)) if self._channel else ("", False, "")

    async def _save_batch(self, saves: list[Save]) -> list[BaseException | None]:
        layout = self._layout
        if not layout.cluster:
            return await self._save_shard(0, saves)
        # one script per shard (one slot each), all at once; each save hears its own shard's outcome
        groups: dict[int, list[int]] = {}
        for i, save in enumerate(saves):
            groups.setdefault(layout.shard(save.game_id), []).append(i)
        outcomes = await asyncio.gather(
            *(self._save_shard(shard, [saves[i] for i in indices]) for shard, indices in groups.items())
        )
        result: list[BaseException | None] = [None] * len(saves)
        for indices, shard_outcomes in zip(groups.values(), outcomes, strict=True):
            for i, outcome in zip(indices, shard_outcomes, strict=True):
                result[i] = outcome
        return result

    async def _save_shard(self, shard: int, saves: list[Save]) -> list[BaseException | None]:
        layout = self._layout
        fields = []
        for save in saves:
            channel, sharded, message = self._publication(save.game_id, save.version)
            fields.append(
                (
                    save.version,
                    save.game_id,
                    msgspec.json.encode(save.summary).decode(),
                    save.summary.get("created", 0),
                    bool(save.summary.get("bot_turn")),
                    channel,
                    save.fingerprint,
                    _field(save.summary, "game"),
                    _field(save.summary, "status"),
                    bool(save.summary.get("private")),
                    sharded,
                    message,
                )
            )
        packed = msgspec.msgpack.encode(fields)
        keys = layout.script_keys(shard, [s.game_id for s in saves])
        try:
            await self._save(keys=keys, args=[packed, *(s.blob for s in saves)])
        except REDIS_ERRORS as exc:
            return [ProjectionUnavailable(str(exc))] * len(saves)
        return [None] * len(saves)

    async def summaries(
        self, limit: int, game: str | None = None, status: str | None = None
    ) -> list[dict[str, Any]] | None:
        """Newest first, from the set of that game and status; None when nothing was ever projected (after a flush:
        the caller falls back to Postgres)."""
        if self._layout.cluster:
            return await self._cluster_summaries(limit, game, status)
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

    async def _cluster_summaries(self, limit: int, game: str | None, status: str | None) -> list[dict[str, Any]] | None:
        layout = self._layout
        with redis_errors():
            # one pipeline: redis-py's cluster pipeline sends each node its shards' commands, the nodes at once
            async with self._redis.pipeline(transaction=False) as pipe:
                for shard in layout.all():
                    pipe.exists(layout.created(shard))
                    pipe.zrevrange(layout.index(shard, game, status), 0, limit - 1, withscores=True)
                answers = await pipe.execute()
            if not any(answers[0::2]):
                return None
            tops = [[(score, member, shard) for member, score in answers[1 + 2 * shard]] for shard in layout.all()]
            # each shard's list is newest first (score, then member, both descending, as one ZREVRANGE orders them)
            newest = list(heapq.merge(*tops, reverse=True))[:limit]
            if not newest:
                return []
            wanted: dict[int, list[bytes | str]] = {}
            for _, member, shard in newest:
                wanted.setdefault(shard, []).append(member)
            async with self._redis.pipeline(transaction=False) as pipe:
                for shard, members in wanted.items():
                    pipe.hmget(layout.summaries(shard), members)
                fetched = await pipe.execute()
        found = {
            (shard, member): raw
            for (shard, members), raws in zip(wanted.items(), fetched, strict=True)
            for member, raw in zip(members, raws, strict=True)
        }
        raws = [found.get((shard, member)) for _, member, shard in newest]
        return [msgspec.json.decode(r) for r in raws if r is not None]

    async def _oldest(self, key: Callable[[int], str], before: float, limit: int) -> list[str]:
        """The members scored at most `before` of one sorted set per shard, lowest score first, `limit` at most."""
        layout = self._layout
        with redis_errors():
            if not layout.cluster:
                ids = await self._redis.zrangebyscore(key(0), 0, before, start=0, num=limit)
                return [_decoded(cast("bytes | str", i)) for i in ids]
            async with self._redis.pipeline(transaction=False) as pipe:
                for shard in layout.all():
                    pipe.zrangebyscore(key(shard), 0, before, start=0, num=limit, withscores=True)
                answers = await pipe.execute()
        merged = heapq.merge(*([(score, _decoded(member)) for member, score in found] for found in answers))
        return [member for _, member in merged][:limit]

    async def lobbies(self, created_before: float, limit: int) -> list[str]:
        """Games in the lobby created before `created_before` (epoch seconds), oldest first."""
        return await self._oldest(self._layout.lobbies, created_before, limit)

    async def bot_turns(self, waiting_since: float, limit: int) -> list[str]:
        """Games that have been waiting on a bot since before `waiting_since` (epoch seconds)."""
        return await self._oldest(self._layout.bot_turns, waiting_since, limit)

    async def checkpoint(self) -> Checkpoint:
        with redis_errors():
            raw = await self._redis.get(CHECKPOINT)
        return msgspec.json.decode(raw, type=Checkpoint) if raw else Checkpoint()

    async def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        with redis_errors():
            await self._redis.set(CHECKPOINT, msgspec.json.encode(checkpoint))

    async def rebuild_place(self) -> RebuildPlace | None:
        with redis_errors():
            raw = await self._redis.get(REBUILD)
        return msgspec.json.decode(raw, type=RebuildPlace) if raw else None

    async def save_rebuild_place(self, place: RebuildPlace | None) -> None:
        with redis_errors():
            if place is None:
                await self._redis.delete(REBUILD)
            else:
                await self._redis.set(REBUILD, msgspec.json.encode(place))

    async def drop(self, game_ids: list[str]) -> None:
        layout = self._layout
        shards: dict[int, list[str]] = {}
        for game_id in game_ids:
            shards.setdefault(layout.shard(game_id), []).append(game_id)
        with redis_errors():
            for shard, ids in shards.items():  # one script per shard: its keys are in one slot
                await self._drop(keys=layout.script_keys(shard, ids), args=ids)

    async def reset(self) -> None:
        with redis_errors():
            if self._layout.cluster:
                # every node's keys of the projections (the cluster client's SCAN visits each primary), one by one:
                # a multi-key DEL must stay within one slot
                async for key in self._redis.scan_iter(match="tapis:games:*", count=500):
                    await self._redis.delete(key)
                await self._redis.delete(CHECKPOINT)
                return
            async for key in self._redis.scan_iter(match="{game:*}:state", count=500):
                await self._redis.delete(key)
            async for key in self._redis.scan_iter(match=f"{INDEX}:*", count=500):
                await self._redis.delete(key)
            await self._redis.delete(SUMMARIES, INDEX, CHECKPOINT, BOT_TURNS, CREATED, LOBBIES)

    async def ping(self) -> None:
        with redis_errors():
            await self._redis.ping()
