"""Fault tests: servers of their own (embedded, durable, in a temp dir) that the tests stop and start by their pids.

One Postgres and one Redis serve the whole directory; each test gets a fresh database, an empty Redis and its own
`tapis serve` processes. Nothing here touches a server the machine or another fixture runs.
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest
import redis

from infra.embedded import EmbeddedServers, ServiceUrls
from infra.migrate import upgrade
from tests.conftest import _run


@dataclass
class Stack:
    servers: EmbeddedServers
    urls: ServiceUrls


@pytest.fixture(scope="session")
def embedded() -> Iterator[EmbeddedServers]:
    root = Path(tempfile.mkdtemp(prefix="tapis-faults-"))
    # durable (not ephemeral): these tests are about what survives a stop
    servers = EmbeddedServers(root)
    try:
        servers.start()
        yield servers
    finally:
        servers.stop()
        shutil.rmtree(root, ignore_errors=True)


async def _create_database(server_url: str, name: str) -> None:
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()


@pytest.fixture
def stack(embedded: EmbeddedServers) -> Stack:
    # a test that failed half-way may have left a server stopped
    for name in ("postgres", "redis"):
        embedded.start_server(name)
    urls = embedded.urls
    assert urls is not None
    database = f"faults_{secrets.token_hex(4)}"
    _run(_create_database(urls.database_url, database))
    database_url = urls.database_url.rsplit("/", 1)[0] + f"/{database}"
    upgrade(database_url)
    client = redis.Redis.from_url(urls.redis_url)
    try:
        client.flushall()
    finally:
        client.close()
    return Stack(servers=embedded, urls=ServiceUrls(database_url=database_url, redis_url=urls.redis_url))
