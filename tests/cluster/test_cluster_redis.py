"""Tapis' Redis adapters on a 3-master Redis Cluster, beyond the contract suite: where the keys go (every key of a
game in its shard's slot, no key holding every game), `reset` (`tapis rebuild`) empties every node, the rate limits
count on the cluster, and the URL forms. A cluster of this module's own: `reset` empties it."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import redis
import redis.asyncio as aredis
from redis.crc import key_slot

from api.ratelimit import Limiter, Rate, storage_uri
from bootstrap import redis_client, redis_layout
from infra.live import PublishingProjections
from infra.local_cluster import LocalRedisCluster
from infra.projections import CLUSTER_SHARDS, Layout
from infra.redis_client import cluster_nodes, is_cluster_url
from tests.cluster.redis_cluster import running_cluster

pytestmark = [pytest.mark.integration, pytest.mark.redis_cluster]


@pytest.fixture(scope="module")
def scratch() -> Iterator[LocalRedisCluster]:
    with running_cluster(masters=3) as cluster:
        yield cluster


@pytest.fixture
async def client(scratch: LocalRedisCluster) -> AsyncIterator[aredis.RedisCluster]:
    made = redis_client(scratch.url)
    assert isinstance(made, aredis.RedisCluster)
    yield made
    await made.aclose()


def every_key(cluster: LocalRedisCluster) -> list[bytes]:
    keys: list[bytes] = []
    for port in cluster.primaries():
        node = redis.Redis(host="127.0.0.1", port=port)
        try:
            keys.extend(node.scan_iter(count=1000))
        finally:
            node.close()
    return keys


def master_of(client: aredis.RedisCluster, key: str) -> str:
    """The name of the master that serves `key`'s slot."""
    node = client.get_node_from_key(key)
    assert node is not None, key
    return node.name


def lobby(game_id: str, created: float) -> dict[str, Any]:
    return {"game_id": game_id, "game": "daron", "status": "lobby", "created": created, "bot_turn": True}


async def test_every_key_of_a_game_is_in_its_shard_s_slot_and_no_key_holds_every_game(
    scratch: LocalRedisCluster, client: aredis.RedisCluster
) -> None:
    layout = redis_layout(client, CLUSTER_SHARDS)
    assert layout.cluster and layout.shards == CLUSTER_SHARDS
    projections = PublishingProjections(client, layout)
    games = [f"k{secrets.token_hex(6)}" for _ in range(60)]
    for i, game in enumerate(games):
        await projections.save(game, 1, b"state", lobby(game, 10.0 + i))
    keys = every_key(scratch)
    for game in games:
        slot = key_slot(layout.state(game).encode())
        shard = layout.shard(game)
        for key in (layout.summaries(shard), layout.index(shard, "daron", "lobby"), layout.lobbies(shard)):
            assert key_slot(key.encode()) == slot, (game, key)
        assert key_slot(layout.channel(shard).encode()) == slot
        assert layout.state(game).encode() in keys
    # the games are spread over several shards and all three masters; no index key holds them all
    shards = {layout.shard(g) for g in games}
    assert len(shards) > 10
    assert len({master_of(client, layout.index(s)) for s in shards}) == 3
    sizes = [await client.zcard(layout.index(s, "daron", "lobby")) for s in shards]
    assert sum(sizes) >= len(games) and max(sizes) < len(games)
    # the merged reads see every shard, in order
    assert await projections.lobbies(10.0 + 59, 1000) == games
    assert await projections.lobbies(10.0 + 29.5, 1000) == games[:30]
    assert (await projections.bot_turns(float("inf"), 5))[:5] == games[:5]


async def test_reset_empties_every_node(scratch: LocalRedisCluster, client: aredis.RedisCluster) -> None:
    projections = PublishingProjections(client, Layout(CLUSTER_SHARDS))
    for i in range(20):
        game = f"r{secrets.token_hex(6)}"
        await projections.save(game, 1, b"state", lobby(game, 5.0 + i))
    assert await projections.summaries(5) != []
    await projections.reset()
    assert [k for k in every_key(scratch) if k.startswith(b"tapis:games:")] == []
    assert await projections.summaries(5) is None  # nothing projected: the listing falls back to Postgres


async def test_the_rate_limits_count_on_the_cluster(scratch: LocalRedisCluster) -> None:
    prefix = f"tapis:limits:{secrets.token_hex(4)}"
    limiter = Limiter(Rate.parse("0"), Rate.parse("3/60"), Rate.parse("2/60"), Rate.parse("0"), scratch.url, prefix)
    try:
        assert [await limiter.command("198.51.100.7") for _ in range(3)] == [0.0, 0.0, 0.0]
        assert await limiter.command("198.51.100.7") > 0  # the fourth within the minute
        assert await limiter.command("198.51.100.8") == 0.0  # another client counts apart
        assert (await limiter.creation("198.51.100.7"))[0] == 0.0
        assert (await limiter.creation("198.51.100.7"))[0] == 0.0
        assert (await limiter.creation("198.51.100.7"))[0] > 0
    finally:
        await limiter.aclose()
    # the counts are in the cluster (a limiter that failed open would have written nothing)
    assert any(k.startswith(prefix.encode()) for k in every_key(scratch))


def test_the_cluster_url_forms() -> None:
    assert is_cluster_url("redis+cluster://10.0.0.1:7000") and is_cluster_url("rediss+cluster://h:1")
    assert not is_cluster_url("redis://127.0.0.1:6379/0") and not is_cluster_url(None)
    assert cluster_nodes("redis+cluster://u:pw@a:7000,b:7001,c") == (
        "redis://u:pw@a:7000",
        [("a", 7000), ("b", 7001), ("c", 6379)],
    )
    assert cluster_nodes("rediss+cluster://[::1]:7000,[::2]") == ("rediss://[::1]:7000", [("::1", 7000), ("::2", 6379)])
    assert storage_uri("redis+cluster://a:7000,b:7001") == "async+redis+cluster://a:7000,b:7001"
    with pytest.raises(ValueError):
        cluster_nodes("redis+cluster://")
