"""The embedded servers themselves: they start, answer, stop for good, and keep their data across restarts.

These tests never use `service_urls`: they exercise the embedded path even when DATABASE_URL points elsewhere.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest
import redis.asyncio as aioredis

from infra.embedded import EmbeddedServers, EmbeddedServersError, ServiceUrls

pytestmark = pytest.mark.integration

MACHINE_PORTS = {5432, 6379}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "servers"


# Ephemeral wherever durability is not the point: fsync on a disk shared with other jobs makes starts and stops slow.
@pytest.fixture
def servers(root: Path) -> Iterator[EmbeddedServers]:
    servers = EmbeddedServers(root, ephemeral=True)
    yield servers
    servers.stop()


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedServers]:
    """One server pair for the tests that only look at it: a fresh data directory costs a second on a busy machine."""
    servers = EmbeddedServers(tmp_path_factory.mktemp("running") / "servers", ephemeral=True)
    servers.start()
    yield servers
    servers.stop()


async def test_urls_name_local_free_ports_and_the_database(running: EmbeddedServers) -> None:
    urls = running.start()

    database, cache = urlsplit(urls.database_url), urlsplit(urls.redis_url)
    assert (database.scheme, database.hostname, database.path) == ("postgresql", "127.0.0.1", "/tapis")
    assert (cache.scheme, cache.hostname, cache.path) == ("redis", "127.0.0.1", "/0")
    assert database.port not in MACHINE_PORTS
    assert cache.port not in MACHINE_PORTS
    assert database.port != cache.port


async def test_started_servers_answer(running: EmbeddedServers) -> None:
    urls = running.start()

    assert await _select_one(urls) == 1
    assert await _ping(urls)


async def test_stop_closes_the_ports_and_ends_the_processes(servers: EmbeddedServers) -> None:
    urls = servers.start()
    pids = servers.process_ids
    assert len(pids) == 2

    servers.stop()

    assert servers.process_ids == ()
    assert servers.urls is None
    assert not any(_alive(pid) for pid in pids)
    assert not _port_open(urls.database_url)
    assert not _port_open(urls.redis_url)


async def test_restart_on_the_same_root_keeps_the_data(root: Path) -> None:
    with EmbeddedServers(root) as urls:
        connection = await asyncpg.connect(urls.database_url)
        await connection.execute("CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (7)")
        await connection.close()
        client = aioredis.from_url(urls.redis_url)
        await client.set("projection", "kept")
        await client.aclose()
    assert (root / "redis" / "appendonly.aof").stat().st_size > 0

    with EmbeddedServers(root) as urls:
        connection = await asyncpg.connect(urls.database_url)
        assert await connection.fetchval("SELECT id FROM kept") == 7
        await connection.close()
        client = aioredis.from_url(urls.redis_url)
        assert await client.get("projection") == b"kept"
        await client.aclose()


async def test_a_stale_postmaster_pid_does_not_block_the_start(root: Path) -> None:
    with EmbeddedServers(root, ephemeral=True):
        pass
    # The pid of a live process that is no postgres, as after a reboot that handed the old pid to someone else.
    stale = root / "postgres" / "postmaster.pid"
    stale.write_text(f"{os.getppid()}\n{root / 'postgres'}\n0\n1\n\n127.0.0.1\n0 0\nready\n")

    with EmbeddedServers(root, ephemeral=True) as urls:
        assert await _select_one(urls) == 1


async def test_a_second_owner_of_the_same_root_is_refused(running: EmbeddedServers) -> None:
    with pytest.raises(EmbeddedServersError, match="another live process"):
        EmbeddedServers(running.root, ephemeral=True).start()
    assert await _select_one(running.start()) == 1


async def test_servers_of_a_killed_owner_go_away_and_the_root_restarts(root: Path) -> None:
    owner = await _run_owner(_KILLED_OWNER, root)
    assert owner.returncode == -signal.SIGKILL, owner.stderr
    pids = [int(pid) for pid in owner.stdout.split()]

    _wait_for(lambda: not any(_alive(pid) for pid in pids))
    with EmbeddedServers(root, ephemeral=True) as urls:
        assert await _select_one(urls) == 1
        assert await _ping(urls)


async def test_servers_orphaned_by_a_killed_owner_are_stopped_by_the_next_start(root: Path) -> None:
    owner = await _run_owner(_ORPHANING_OWNER, root)
    assert owner.returncode == -signal.SIGKILL, owner.stderr
    orphans = [int(pid) for pid in owner.stdout.split()]
    assert all(_alive(pid) for pid in orphans)

    with EmbeddedServers(root, ephemeral=True) as urls:
        assert not any(_alive(pid) for pid in orphans)
        assert await _select_one(urls) == 1
        assert await _ping(urls)


def test_ephemeral_servers_keep_nothing_in_redis(running: EmbeddedServers) -> None:
    assert list((running.root / "redis").iterdir()) == [running.root / "redis" / "redis.pid"]


def test_a_database_name_that_is_no_plain_identifier_is_rejected(root: Path) -> None:
    with pytest.raises(ValueError, match="database name"):
        EmbeddedServers(root, database='x"; DROP')


_KILLED_OWNER = """
import os, signal, sys
from pathlib import Path
from infra.embedded import EmbeddedServers
servers = EmbeddedServers(Path(sys.argv[1]), ephemeral=True)
servers.start()
print(*servers.process_ids, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""

# Started off the main thread, the servers are not tied to the owner's life: they outlive its SIGKILL.
_ORPHANING_OWNER = """
import os, signal, sys, threading
from pathlib import Path
from infra.embedded import EmbeddedServers
servers = EmbeddedServers(Path(sys.argv[1]), ephemeral=True)
starter = threading.Thread(target=servers.start)
starter.start()
starter.join()
print(*servers.process_ids, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


async def _run_owner(script: str, root: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", script, str(root)]
    return await asyncio.to_thread(subprocess.run, command, capture_output=True, text=True, timeout=60, check=False)


async def _select_one(urls: ServiceUrls) -> int:
    connection = await asyncpg.connect(urls.database_url)
    try:
        value: int = await connection.fetchval("SELECT 1")
        return value
    finally:
        await connection.close()


async def _ping(urls: ServiceUrls) -> bool:
    client = aioredis.from_url(urls.redis_url)
    try:
        return bool(await client.ping())
    finally:
        await client.aclose()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A dead child of init may linger as a zombie for a moment: it holds no port and no data.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] != "Z"
    except (OSError, IndexError):
        return True


def _port_open(url: str) -> bool:
    parts = urlsplit(url)
    assert parts.hostname is not None and parts.port is not None
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=1):
            return True
    except OSError:
        return False


def _wait_for(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.05)


# one worker of `make test`: looks the server user up, or creates it, as a server's start does
_START_AS_A_WORKER = """
import pwd
import sys
import infra.embedded as embedded
embedded.SERVER_USER = sys.argv[1]
print("ready", flush=True)
sys.stdin.read()  # all go at once: the end of the pipe they share
user = embedded._server_user()
print(user, pwd.getpwnam(user).pw_uid)  # the uid its servers would run under
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="the server user is created only when the tests run as root")
def test_workers_creating_the_server_user_at_once_all_get_it() -> None:
    """`make test`'s workers start their servers together; on a machine without the server user they all create it.

    `useradd` does not serialise itself: four at once mostly all succeed, each writing its own uid, and the last
    write wins, so without the lock a worker's initdb ran under a uid that no longer named the user ("could not
    look up effective user ID 999") or a `useradd` refused ("already exists"). Played here with processes and a user
    of the test's own, removed after.
    """
    import pwd

    name = f"tapis_race_{os.getpid()}"
    go, told = os.pipe()
    try:
        workers = [
            subprocess.Popen(
                [sys.executable, "-c", _START_AS_A_WORKER, name],
                stdin=go,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for _ in range(4)
        ]
        os.close(go)
        for worker in workers:
            assert worker.stdout is not None and worker.stdout.readline() == b"ready\n"
        os.close(told)
        ended = [worker.communicate(timeout=60) for worker in workers]
        uid = pwd.getpwnam(name).pw_uid
        seen = [(worker.returncode, out.decode().strip()) for worker, (out, _) in zip(workers, ended, strict=True)]
        assert seen == [(0, f"{name} {uid}")] * 4, [err.decode()[-300:] for _, err in ended]
    finally:
        # concurrent useradds can leave the name more than once in /etc/passwd: removed until none is left
        while subprocess.run(["userdel", name], check=False, capture_output=True).returncode == 0:
            pass


@pytest.mark.skipif(os.geteuid() != 0, reason="the servers run as another user only when the tests run as root")
def test_servers_start_from_a_checkout_in_a_directory_only_root_may_enter(
    tmp_path: Path, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clone made in `mktemp -d` (mode 0700) holds the venv, hence PostgreSQL's binaries, where the server user
    could not reach them: every initdb failed with "Permission denied". Played with the binaries seen through a
    directory of mode 0700 (a link to the venv's, so nothing is copied)."""
    import infra.embedded as embedded

    private = tmp_path / "checkout"
    private.mkdir(mode=0o700)
    (private / "pginstall").symlink_to(embedded._postgres_bin().parent)
    monkeypatch.setattr(embedded, "_postgres_bin", lambda: private / "pginstall" / "bin")
    servers = EmbeddedServers(root, ephemeral=True)
    try:
        urls = servers.start()
        assert asyncio.run(_select_one(urls)) == 1
    finally:
        servers.stop()
