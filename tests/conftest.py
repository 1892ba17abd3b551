"""Shared fixtures. `service_urls` gives integration and e2e tests a Postgres database and a Redis of their own.

The servers come from DATABASE_URL and REDIS_URL when both are set, else from Docker when an engine answers, else
from the embedded pip wheels. Nothing starts unless a test asks for `service_urls`, so unit tests never wait on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from infra.embedded import ServiceUrls


@pytest.fixture(scope="session")
def service_urls() -> Iterator[ServiceUrls]:
    with _servers() as servers:
        database = f"tapis_test_{secrets.token_hex(6)}"
        _run(_create_database(servers.database_url, database))
        try:
            _flush_redis(servers.redis_url)
            yield ServiceUrls(database_url=_with_database(servers.database_url, database), redis_url=servers.redis_url)
        finally:
            _run(_drop_database(servers.database_url, database))


@contextlib.contextmanager
def _servers() -> Iterator[ServiceUrls]:
    database_url, redis_url = os.environ.get("DATABASE_URL"), os.environ.get("REDIS_URL")
    if database_url and redis_url:
        yield ServiceUrls(database_url=database_url, redis_url=redis_url)
    elif database_url or redis_url:
        pytest.fail("set both DATABASE_URL and REDIS_URL, or neither to use Docker or the embedded servers")
    elif _docker_answers():
        with _containers() as urls:
            yield urls
    else:
        with _embedded() as urls:
            yield urls


def _docker_answers() -> bool:
    if shutil.which("docker") is None:
        return False
    try:
        probe = subprocess.run(["docker", "info"], capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0


@contextlib.contextmanager
def _containers() -> Iterator[ServiceUrls]:
    try:
        from testcontainers.community.postgres import PostgresContainer
        from testcontainers.community.redis import RedisContainer
    except ImportError:  # testcontainers before 4.10 kept them at the top level
        from testcontainers.postgres import PostgresContainer
        from testcontainers.redis import RedisContainer

    with PostgresContainer("postgres:16-alpine", driver=None) as postgres, RedisContainer("redis:7-alpine") as redis:
        host, port = redis.get_container_host_ip(), redis.get_exposed_port(6379)
        yield ServiceUrls(database_url=postgres.get_connection_url(), redis_url=f"redis://{host}:{port}/0")


@contextlib.contextmanager
def _embedded() -> Iterator[ServiceUrls]:
    from infra.embedded import EmbeddedServers

    # Not pytest's tmp_path_factory: it keeps the last runs' directories, and a data directory weighs 40 MB.
    root = Path(tempfile.mkdtemp(prefix="tapis-embedded-"))
    try:
        with EmbeddedServers(root, ephemeral=True) as urls:
            yield urls
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _run(coroutine: Coroutine[Any, Any, None]) -> None:
    # A loop of its own on a worker thread: asyncio.run here would unset the loop pytest-asyncio keeps for the session.
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(asyncio.run, coroutine).result()


async def _create_database(server_url: str, name: str) -> None:
    connection = await _connect(server_url)
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()


async def _drop_database(server_url: str, name: str) -> None:
    connection = await _connect(server_url)
    try:
        # FORCE ends the connections a test may have left open, which would otherwise block the drop.
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await connection.close()


async def _connect(server_url: str) -> Any:
    import asyncpg

    dsn = _plain_scheme(server_url)
    try:
        return await asyncpg.connect(dsn)
    except asyncpg.InvalidCatalogNameError:
        # The URL's database need not exist (CI names one on the machine's server); any database can create ours.
        return await asyncpg.connect(_with_database(dsn, "postgres"))


def _flush_redis(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url)
    try:
        client.flushdb()
    finally:
        client.close()


def _plain_scheme(url: str) -> str:
    """postgresql+asyncpg://... (SQLAlchemy's form) -> postgresql://..., the form asyncpg reads."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(scheme=parts.scheme.split("+", 1)[0]))


def _with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
