"""A Redis connection the server closed is a ConnectionError, which redis-py retries and Tapis falls back on, and not
the event loop's own error (uvloop: RuntimeError "the handler is closed"), which answered 500 during a Redis Cluster
failover (tests/cluster/test_failover.py). On a real Redis under uvloop, the loop the API serves on: the server
kills the client's connection and the loop closes its transport; the client's next command must fail as a
ConnectionError (which a cluster client retries after refreshing its slot map, and Tapis answers from Postgres),
never as anything else.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import uvloop
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import Connection, SSLConnection
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.retry import Retry

from infra.redis_client import connect
from infra.redis_connection import GuardedConnection, GuardedSSLConnection
from infra.settings import Settings

pytestmark = pytest.mark.integration


async def _killed_by_the_server(client: Any, admin: Any) -> None:
    """Kill `client`'s one pooled connection from the server's side and wait until the loop has closed its transport,
    as it does when bytes written to a socket the server has closed bring a reset back (a command pipelined
    before the kill was seen, an interrupted exchange)."""
    identity = await client.client_id()
    connection = client.connection_pool._available_connections[0]
    await admin.client_kill_filter(_id=identity)
    for _ in range(400):  # the loop reads the server's FIN and then the reset on its next turns; bounded
        transport = connection._writer.transport
        if transport.is_closing():
            return
        transport.write(b"*1\r\n$4\r\nPING\r\n")  # past redis-py: its connection still looks open
        await asyncio.sleep(0.005)
    raise AssertionError("the loop never saw the server close the connection")


def _on_uvloop(scenario: Any) -> Any:
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(scenario())


@pytest.mark.parametrize("socket_timeout", [2.0, None], ids=["under a timeout", "without a timeout"])
def test_without_retries_the_failure_is_a_connection_error(settings: Settings, socket_timeout: float | None) -> None:
    """What the cluster client and REDIS_ERRORS catch: without a retry the error itself must be a ConnectionError
    (redis-py writes in a task of its own under socket_timeout, inline without one: both paths look)."""
    assert settings.redis_url

    async def scenario() -> BaseException | None:
        client = connect(settings.redis_url or "", socket_timeout=socket_timeout, retry=Retry(NoBackoff(), 0))
        admin = connect(settings.redis_url or "")
        try:
            await _killed_by_the_server(client, admin)
            try:
                await client.ping()
            except BaseException as error:
                return error
            return None
        finally:
            await client.aclose()
            await admin.aclose()

    error = _on_uvloop(scenario)
    assert isinstance(error, RedisConnectionError), repr(error)


def test_every_kind_of_client_opens_guarded_connections() -> None:
    """The classes are swapped where redis-py keeps them (nothing is connected here): a primary's pool, TLS
    included, and a cluster's startup nodes and the keywords of every node it discovers later."""
    plain = connect("redis://127.0.0.1:1/0")
    tls = connect("rediss://127.0.0.1:1/0")
    cluster = connect("redis+cluster://127.0.0.1:1,127.0.0.1:2")
    assert plain.connection_pool.connection_class is GuardedConnection  # type: ignore[union-attr]
    assert tls.connection_pool.connection_class is GuardedSSLConnection  # type: ignore[union-attr]
    assert isinstance(cluster, RedisCluster)
    assert cluster.nodes_manager.connection_kwargs["connection_class"] is GuardedConnection
    assert {node.connection_class for node in cluster.nodes_manager.startup_nodes.values()} == {GuardedConnection}
    assert issubclass(GuardedConnection, Connection) and issubclass(GuardedSSLConnection, SSLConnection)
