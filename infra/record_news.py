"""Redis pub/sub news of changed game records, so no API process keeps accepting a token that was let go.

Each process caches game records (the seat token hashes). When a seat leaves, the process that served it forgets
its copy at once and announces the game here; every other process forgets its copy on the message. Pub/sub may
drop a message (a process reconnecting): the catch-up projector, which forgets a game when it reads a
`PlayerLeft`, is the backstop within its interval.

On a Redis Cluster the channel is a sharded one (SPUBLISH/SSUBSCRIBE on Redis 7, in the slot of its name; plain
pub/sub on Redis 6): infra/cluster_pubsub.py.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from redis.asyncio.cluster import RedisCluster

from infra.cluster_pubsub import ShardSubscription, publish
from infra.live import SLICE
from infra.redis_client import REDIS_ERRORS, Client

CHANNEL = "tapis:records"
RESUBSCRIBE_SECONDS = 1.0


class RedisRecordNews:
    def __init__(self, client: Client) -> None:
        self._redis = client
        self._sharded = True  # SPUBLISH on a cluster until the servers turn out not to have it (Redis 6)

    async def announce(self, game_id: str) -> None:
        """Best effort: without Redis the other processes learn it from the projector instead."""
        with contextlib.suppress(*REDIS_ERRORS):
            if isinstance(self._redis, RedisCluster):
                self._sharded = await publish(self._redis, CHANNEL, game_id, self._sharded)
            else:
                await self._redis.publish(CHANNEL, game_id)

    async def follow(self, stop: asyncio.Event, forget: Callable[[str], None]) -> None:
        """Call `forget(game_id)` for each announcement until `stop`; subscribe again after Redis errors."""
        if isinstance(self._redis, RedisCluster):
            await self._follow_cluster(self._redis, stop, forget)
            return
        while not stop.is_set():
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                while not stop.is_set():
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=SLICE)
                    if message is not None:
                        data = message["data"]
                        forget(data.decode() if isinstance(data, bytes) else str(data))
            except REDIS_ERRORS:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), timeout=RESUBSCRIBE_SECONDS)
            finally:
                with contextlib.suppress(*REDIS_ERRORS):
                    await pubsub.aclose()

    async def _follow_cluster(self, client: RedisCluster, stop: asyncio.Event, forget: Callable[[str], None]) -> None:
        lost = False
        while not stop.is_set():
            try:
                async with ShardSubscription(client, [CHANNEL], refresh=lost) as subscription:
                    lost = False
                    while not stop.is_set():
                        message = await subscription.get_message(SLICE)
                        if message is not None:
                            forget(message[1])
            except REDIS_ERRORS:
                lost = True
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), timeout=RESUBSCRIBE_SECONDS)
