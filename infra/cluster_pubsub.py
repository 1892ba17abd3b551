"""Pub/sub on a Redis Cluster: sharded where the servers have it (Redis 7: SSUBSCRIBE/SPUBLISH), plain otherwise.

A sharded channel lives in a hash slot, like a key: SPUBLISH reaches the subscribers of that slot's primary only, so
a message costs the cluster one node's work instead of being broadcast over the cluster bus to every node, as
PUBLISH is. A `ShardSubscription` subscribes to a fixed list of channels (the live wake-ups' shard channels, the
record news' one): SSUBSCRIBE on each channel's primary, one connection per primary with a reader each, so a message
of any node is handed on at once. On a Redis 6 cluster (no SSUBSCRIBE) it subscribes with SUBSCRIBE on one node,
which hears every node's PUBLISH.

Any error of any node (a master killed, its slots failed over, a slot moved: Redis 7 then ends the subscription
with an `sunsubscribe`) ends `get_message` with that error: the caller closes the subscription and opens a new one,
which first reloads the slot map, as the followers in infra/live.py and infra/record_news.py do on one primary.
redis-py's own `ClusterPubSub` polls one node per `get_sharded_message` call (a message of another node waits for
the poll's timeout) and migrates channels in a background task of its own; this keeps the loss and the recovery in
the follower's hands, where the streams are woken after a gap.
"""

from __future__ import annotations

import asyncio
import contextlib
from types import TracebackType
from typing import Any

import redis.asyncio as redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError, ResponseError

from infra.redis_client import REDIS_ERRORS

SLICE = 0.25  # a reader's blocking read, shorter than the client's socket timeout (0.5 s)
CONFIRM_SECONDS = 2.0


class SubscriptionLost(RedisConnectionError):
    """The server ended a subscription (its slot moved to another node)."""


def _unknown_command(error: RedisError) -> bool:
    # the server's answer, or the cluster client's own when the server's COMMAND list lacks it
    text = str(error).lower()
    return "unknown command" in text or "doesn't exist in redis commands" in text


async def publish(client: RedisCluster, channel: str, message: str, sharded: bool = True) -> bool:
    """SPUBLISH, or PUBLISH on a server without sharded pub/sub; answers whether to try SPUBLISH next time."""
    if sharded:
        try:
            await client.spublish(channel, message)
            return True
        except RedisError as error:
            if not _unknown_command(error):
                raise
    await client.publish(channel, message)
    return False


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class ShardSubscription:
    def __init__(self, client: RedisCluster, channels: list[str], refresh: bool = False) -> None:
        """`refresh`: reload the slot map first (after a failed subscription: it may name a dead master)."""
        self._client = client
        self._channels = channels
        self._refresh = refresh
        self._connections: list[redis.Redis] = []
        self._readers: list[asyncio.Task[None]] = []
        self._inbox: asyncio.Queue[tuple[str, str] | BaseException] = asyncio.Queue()
        self.sharded = True

    async def __aenter__(self) -> ShardSubscription:
        try:
            await self._open()
        except BaseException:
            await self.aclose()
            raise
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.aclose()

    async def get_message(self, seconds: float) -> tuple[str, str] | None:
        """(channel, data) of the next message within `seconds`, else None; a node's error is raised."""
        try:
            item = await asyncio.wait_for(self._inbox.get(), timeout=seconds)
        except TimeoutError:
            return None
        if isinstance(item, BaseException):
            raise item
        return item

    async def aclose(self) -> None:
        readers, self._readers = self._readers, []
        for reader in readers:
            reader.cancel()
        for reader in readers:
            with contextlib.suppress(asyncio.CancelledError, *REDIS_ERRORS):
                await reader
        connections, self._connections = self._connections, []
        for connection in connections:
            with contextlib.suppress(*REDIS_ERRORS):
                await connection.aclose()

    async def _open(self) -> None:
        await self._client.initialize()  # once per client: the slot map, read from the start nodes
        if self._refresh:
            await self._client.nodes_manager.initialize()
        by_node: dict[str, tuple[ClusterNode, list[str]]] = {}
        for channel in self._channels:
            node = self._client.get_node_from_key(channel)
            if node is None:
                raise SubscriptionLost(f"no node serves the slot of {channel}")
            by_node.setdefault(node.name, (node, []))[1].append(channel)
        groups = list(by_node.values())
        first_node, first_channels = groups[0]
        first = self._pubsub(first_node)
        try:
            await self._subscribe(first, first_channels, sharded=True)
        except ResponseError as error:
            if not _unknown_command(error):
                raise
            # Redis 6: plain pub/sub, every channel on the first node (a PUBLISH anywhere in the cluster reaches it)
            self.sharded = False
            await first.aclose()
            first = self._pubsub(first_node)
            await self._subscribe(first, self._channels, sharded=False)
            self._readers.append(asyncio.create_task(self._read(first), name="tapis-cluster-pubsub"))
            return
        pubsubs = [first]
        for node, channels in groups[1:]:
            pubsub = self._pubsub(node)
            await self._subscribe(pubsub, channels, sharded=True)
            pubsubs.append(pubsub)
        for pubsub in pubsubs:
            self._readers.append(asyncio.create_task(self._read(pubsub), name="tapis-cluster-pubsub"))

    def _pubsub(self, node: ClusterNode) -> Any:
        """A pub/sub connection of its own to `node`, with the cluster client's options (timeouts, credentials)."""
        pool = redis.ConnectionPool(connection_class=node.connection_class, **node.connection_kwargs)
        connection = redis.Redis(connection_pool=pool)
        self._connections.append(connection)
        return connection.pubsub()

    async def _subscribe(self, pubsub: Any, channels: list[str], *, sharded: bool) -> None:
        if sharded:
            for channel in channels:  # one SSUBSCRIBE per channel: several channels of one call must share a slot
                await pubsub.ssubscribe(channel)
        else:
            await pubsub.subscribe(*channels)
        kind = "ssubscribe" if sharded else "subscribe"
        confirmed = 0
        deadline = asyncio.get_running_loop().time() + CONFIRM_SECONDS
        while confirmed < len(channels):
            if asyncio.get_running_loop().time() > deadline:
                raise SubscriptionLost(f"{kind} of {len(channels) - confirmed} channels not confirmed")
            message = await pubsub.get_message(timeout=SLICE)
            if message is not None and _text(message.get("type")) == kind:
                confirmed += 1

    async def _read(self, pubsub: Any) -> None:
        try:
            while True:
                message = await pubsub.get_message(timeout=SLICE)
                if message is None:
                    continue
                kind = _text(message.get("type"))
                if kind in {"message", "smessage"}:
                    self._inbox.put_nowait((_text(message.get("channel")), _text(message.get("data"))))
                elif kind == "sunsubscribe":
                    raise SubscriptionLost(f"the server ended the subscription of {_text(message.get('channel'))}")
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the caller hears it and subscribes again
            self._inbox.put_nowait(error)
        finally:
            with contextlib.suppress(*REDIS_ERRORS):
                await pubsub.aclose()
