"""Shared fixtures. `service_urls` gives integration and e2e tests a Postgres database and a Redis of their own;
`pool` and `redis_conn` (on the migrated database) serve the integration tests and the contract suite's real half.

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
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit, urlunsplit

import pytest

from infra.embedded import ServiceUrls
from infra.settings import Settings

if TYPE_CHECKING:
    import asyncpg
    import redis.asyncio as redis

    from domain.kernel.game import AnyGame


# A run's temporary directories (`tmp_path`, `tmp_path_factory`) live in one directory of its own, removed when the
# run ends whatever its outcome: pytest's default /tmp/pytest-of-<user> keeps the last three runs, and the
# embedded-server tests put a PostgreSQL data directory (about 40 MB) in each of theirs. Pass --basetemp to keep
# them for a look after a failure; a directory given that way is left alone.
_OWN_BASETEMP = pytest.StashKey[Path]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-durations",
        action="store_true",
        help="write each module's seconds into tests/durations.json (make test-durations), for make test's order",
    )


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadscope` (make test): whole modules, costliest first, the browser beside the rest (scheduling.py)."""
    if config.getoption("dist") != "loadscope":
        return None
    from tests.scheduling import CostScheduling

    return CostScheduling(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("record_durations") and not hasattr(config, "workerinput"):
        from tests.scheduling import DurationRecorder

        config.pluginmanager.register(DurationRecorder(), "tapis-durations")
    if config.option.basetemp is None:
        own = Path(tempfile.mkdtemp(prefix="tapis-pytest-"))
        config.stash[_OWN_BASETEMP] = own
        config.option.basetemp = str(own / "run")  # pytest empties a given basetemp first, so a child of ours


def pytest_unconfigure(config: pytest.Config) -> None:
    own = config.stash.get(_OWN_BASETEMP, None)
    if own is not None:
        shutil.rmtree(own, ignore_errors=True)


@pytest.fixture
def toy_game() -> Iterator[AnyGame]:
    """The toy game (tests/toy_game) in the registry for one test, and gone after it.

    The codec cache is cleared both ways: `codec` is cached by game name, so a codec built while the toy was
    registered would otherwise outlive it (and one cached before would hide a changed toy).
    """
    from domain.games.registry import GAMES
    from services.codec import codec
    from tests.toy_game.game import GAME as TOY

    assert TOY.name not in GAMES, "a game of that name is registered already"
    GAMES[TOY.name] = TOY
    codec.cache_clear()
    try:
        yield TOY
    finally:
        del GAMES[TOY.name]
        codec.cache_clear()


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


# The servers' drivers and the app are imported inside the fixtures: a run of unit tests never loads them.


@pytest.fixture(scope="session")
def migrated(service_urls: ServiceUrls) -> ServiceUrls:
    from infra.migrate import upgrade

    upgrade(service_urls.database_url)
    return service_urls


@pytest.fixture(scope="session")
def settings(migrated: ServiceUrls) -> Settings:
    return Settings(test_mode=True, database_url=migrated.database_url, redis_url=migrated.redis_url)


@pytest.fixture(scope="session")
async def pool(settings: Settings) -> AsyncIterator[asyncpg.Pool]:
    import asyncpg

    assert settings.database_url
    created = await asyncpg.create_pool(settings.database_url, min_size=1, max_size=10)
    yield created
    await created.close()


@pytest.fixture(scope="session")
async def redis_conn(settings: Settings) -> AsyncIterator[redis.Redis]:
    from bootstrap import redis_client

    assert settings.redis_url
    # the test servers' Redis is one primary (_servers; _flush_redis assumes so too), never a cluster
    client = cast("redis.Redis", redis_client(settings.redis_url))
    yield client
    await client.aclose()


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


@contextlib.contextmanager
def database_of_its_own(settings: Settings, prefix: str) -> Iterator[Settings]:
    """`settings` on a new migrated database, dropped afterwards: for a test that reads or rewrites every game of
    its database (a rebuild, `archive --older-than 0`), which the session's database shares with every other test."""
    from infra.migrate import upgrade

    assert settings.database_url is not None
    name = f"{prefix}_{secrets.token_hex(6)}"
    _run(_create_database(settings.database_url, name))
    try:
        url = _with_database(settings.database_url, name)
        upgrade(url)
        yield replace(settings, database_url=url)
    finally:
        _run(_drop_database(settings.database_url, name))


# The Redis databases beside the session's (its own + offset, mod 16) that suites with servers of their own take, so
# that no server of the e2e tests serves or sweeps what they write: contract -1, lobby expiry -3, Citus +2, bench +3,
# the restore drills and the Postgres failover +5 and +6, the rebuild +7.
def redis_db_beside(url: str, offset: int) -> str:
    parts = urlsplit(url)
    db = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(db + offset) % 16}"))


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
