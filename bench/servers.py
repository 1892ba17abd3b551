"""Postgres and Redis for a benchmark: DATABASE_URL/REDIS_URL when both are set, else embedded ones.

Either way the run gets a fresh database of its own (migrated), dropped at the end, so figures never
include another run's rows.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from infra.embedded import ServiceUrls
from infra.migrate import upgrade


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


async def _admin(url: str, sql: str) -> None:
    try:
        connection = await asyncpg.connect(url)
    except asyncpg.InvalidCatalogNameError:
        connection = await asyncpg.connect(with_database(url, "postgres"))
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@contextlib.contextmanager
def _servers() -> Iterator[tuple[ServiceUrls, str]]:
    database_url, redis_url = os.environ.get("DATABASE_URL"), os.environ.get("REDIS_URL")
    if database_url and redis_url:
        yield ServiceUrls(database_url=database_url, redis_url=redis_url), "DATABASE_URL/REDIS_URL"
        return
    from infra.embedded import EmbeddedServers

    root = Path(tempfile.mkdtemp(prefix="tapis-bench-"))
    try:
        # not ephemeral: Postgres keeps fsync on, as a real deployment would
        with EmbeddedServers(root) as urls:
            yield urls, "embedded (pip wheels), fsync on"
    finally:
        shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def bench_servers() -> Iterator[tuple[ServiceUrls, str]]:
    with _servers() as (urls, origin):
        name = f"tapis_bench_{secrets.token_hex(4)}"
        asyncio.run(_admin(urls.database_url, f'CREATE DATABASE "{name}"'))
        try:
            fresh = ServiceUrls(database_url=with_database(urls.database_url, name), redis_url=urls.redis_url)
            upgrade(fresh.database_url)
            yield fresh, origin
        finally:
            asyncio.run(_admin(urls.database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
