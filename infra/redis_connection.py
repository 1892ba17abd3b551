"""redis-py's connections, made to report a socket the server closed as the ConnectionError it is.

When a Redis server dies or resets a pooled connection, the event loop closes that connection's transport. redis-py
8.1 then writes the next command to the closed transport, and what comes back is not redis-py's ConnectionError
but the event loop's own error: uvloop (which serves the API) raises `RuntimeError: unable to perform operation on
<TCPTransport closed=True ...>; the handler is closed`, and CPython 3.12 to 3.13.9 raise a TypeError or an
AttributeError. None of those is in the errors redis-py retries on (its `Retry`, the cluster client's
`ERRORS_ALLOW_RETRY`, which also refreshes the slot map after a failover) nor in the errors Tapis falls back on
(REDIS_ERRORS: a request that finds Redis gone replays from Postgres), so a request that met the dead socket
answered 500 (a Redis Cluster failover, tests/cluster/test_failover.py, found it).

The connections below look at the transport before they write, as redis-py's own fix does (redis/redis-py#4288,
merged after 8.1.0 and not released yet): a closing or closed transport is a ConnectionError, raised after the
connection is dropped, so every retry layer and every fallback sees what it already handles. The look and the write
run with no suspension point between them, so the transport cannot close in between. They do not reconnect by
themselves: a connection holding a WATCH or a subscription must fail loudly, and redis-py's retries reconnect where
that is safe. Once redis-py releases the fix, these classes can go.
"""

from __future__ import annotations

from collections.abc import Iterable

import redis.asyncio as redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection, Connection, SSLConnection
from redis.asyncio.sentinel import SentinelManagedConnection, SentinelManagedSSLConnection
from redis.exceptions import ConnectionError as RedisConnectionError

CLOSED = "Error while writing to socket: the connection was closed by its peer."


class _SeesClosedSockets(AbstractConnection):
    """The look before each write; mixed in ahead of one of redis-py's connection classes."""

    async def send_packed_command(self, command: bytes | str | Iterable[bytes], check_health: bool = True) -> None:
        # the write without a timeout happens inline in redis-py: look here first (a connection never opened has no
        # writer yet, and redis-py opens it)
        if self._writer is not None and self._writer.transport.is_closing():
            await self.disconnect(nowait=True)
            raise RedisConnectionError(CLOSED)
        await super().send_packed_command(command, check_health)

    async def _send_packed_command(self, command: Iterable[bytes]) -> None:
        # the write under socket_timeout runs as a task of its own, after a suspension point: look again (a
        # disconnect in between clears the writer)
        writer = self._writer
        if writer is None or writer.transport.is_closing():
            raise RedisConnectionError(CLOSED)
        writer.writelines(command)
        await writer.drain()


class GuardedConnection(_SeesClosedSockets, Connection):
    pass


class GuardedSSLConnection(_SeesClosedSockets, SSLConnection):
    pass


class GuardedSentinelConnection(_SeesClosedSockets, SentinelManagedConnection):
    pass


class GuardedSentinelSSLConnection(_SeesClosedSockets, SentinelManagedSSLConnection):
    pass


GUARDED: dict[type[AbstractConnection], type[AbstractConnection]] = {
    Connection: GuardedConnection,
    SSLConnection: GuardedSSLConnection,
    SentinelManagedConnection: GuardedSentinelConnection,
    SentinelManagedSSLConnection: GuardedSentinelSSLConnection,
}


def guarded(kind: type[AbstractConnection]) -> type[AbstractConnection]:
    """The guarded class of one of redis-py's; any other (a Unix socket's) as it is."""
    return GUARDED.get(kind, kind)


def guard(client: redis.Redis | RedisCluster) -> None:
    """Make `client` (a new one, before its first command) open guarded connections. redis-py chooses the class
    from the URL (rediss:// is TLS) after every keyword, and the cluster client fixes it in its own keywords, so the
    class is swapped where each keeps it: the pool's, or the cluster's keywords (every node it discovers) and the
    nodes it starts from."""
    if isinstance(client, RedisCluster):
        kwargs = client.nodes_manager.connection_kwargs
        kwargs["connection_class"] = guarded(kwargs.get("connection_class", Connection))
        for node in client.nodes_manager.startup_nodes.values():
            node.connection_class = guarded(node.connection_class)  # type: ignore[assignment]
    elif isinstance(client, redis.Redis):
        pool = client.connection_pool
        pool.connection_class = guarded(pool.connection_class)
