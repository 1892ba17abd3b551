"""A Redis connection the server closed never comes back as the event loop's own error. Under redis-py 8.1 it did:
the loop closes the connection's transport, redis-py wrote the next command to it, and uvloop (the loop the API
serves on) raised RuntimeError "the handler is closed", which no retry layer and none of Tapis' fallbacks handle:
a request answered 500 during a Redis Cluster failover (tests/cluster/test_failover.py). Tapis carried a backport
of the fix until redis-py released it (8.2, redis/redis-py#4288): a connection whose transport is closing is
opened again before the command is written, and one that closes during the write is a ConnectionError, which
redis-py retries, the cluster client follows by refreshing its slot map, and Tapis answers from Postgres
(REDIS_ERRORS). On a real Redis under uvloop: the server kills the client's one connection, the loop closes its
transport, and the client's next command, without any retry of redis-py's, is served on a new connection.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import uvloop
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from infra.redis_client import connect
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
def test_a_connection_the_server_closed_is_opened_again(settings: Settings, socket_timeout: float | None) -> None:
    """Without a retry, the command after the kill is served, on another connection than the one killed (redis-py
    writes in a task of its own under socket_timeout, inline without one: both paths look)."""
    assert settings.redis_url

    async def scenario() -> tuple[int, int, object]:
        client = connect(settings.redis_url or "", socket_timeout=socket_timeout, retry=Retry(NoBackoff(), 0))
        admin = connect(settings.redis_url or "")
        try:
            killed = await client.client_id()
            await _killed_by_the_server(client, admin)
            try:
                answer: object = await client.ping()
            except BaseException as error:
                answer = error
            return killed, await client.client_id(), answer
        finally:
            await client.aclose()
            await admin.aclose()

    killed, now, answer = _on_uvloop(scenario)
    assert answer is True, repr(answer)
    assert now != killed
