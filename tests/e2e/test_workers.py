"""`tapis serve --workers 2`: connections opened one after another spread over both workers, a killed worker's
replacement takes its socket's connections, and a second server cannot start on the port (api/workers.py).

Which worker holds a connection is read from /proc: the workers' socket inodes against the established
connections of the server's port in /proc/net/tcp."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.conftest import ROOT, start_server, stop_server

pytestmark = pytest.mark.e2e

CONNECTIONS = 32  # split by a hash: each worker holding at least 4 of them fails by chance about once in 400,000


def workers_of(parent: int) -> list[int]:
    """The worker processes (multiprocessing's spawned children, not its resource tracker)."""
    found: list[int] = []
    for task in Path(f"/proc/{parent}/task").iterdir():
        for pid in (task / "children").read_text().split():
            try:
                with_args = Path(f"/proc/{pid}/cmdline").read_bytes()
            except FileNotFoundError:
                continue  # gone meanwhile
            if b"spawn_main" in with_args:
                found.append(int(pid))
    return found


def socket_inodes(pid: int) -> set[str]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with_target = os.readlink(fd) if fd.is_symlink() else ""
        if with_target.startswith("socket:["):
            inodes.add(with_target[len("socket:[") : -1])
    return inodes


ESTABLISHED, LISTEN = "01", "0A"  # the TCP states as /proc/net/tcp writes them


def sockets_on(port: int, state: str) -> list[str]:
    """The inodes of the sockets on 127.0.0.1:`port` in `state` (the server's ends, for established connections)."""
    inodes = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == port and fields[3] == state and fields[9] != "0":
            inodes.append(fields[9])
    return inodes


def established(port: int) -> set[str]:
    return set(sockets_on(port, ESTABLISHED))


def listening(port: int) -> int:
    """How many sockets listen on `port`: one per worker, in the server's `SO_REUSEPORT` group."""
    return len(sockets_on(port, LISTEN))


def connections_by_worker(parent: int, port: int) -> Counter[int]:
    ends = established(port)
    return Counter({pid: len(socket_inodes(pid) & ends) for pid in workers_of(parent)})


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def wait_for_workers(parent: int, done: Callable[[list[int]], bool], seconds: float = 60) -> list[int]:
    """The parent's workers once `done` says so of them, or when `seconds` have gone."""
    deadline = time.monotonic() + seconds
    while not done(found := workers_of(parent)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return found


@contextlib.contextmanager
def open_clients(base: str, count: int) -> Iterator[None]:
    """`count` clients, each with one keep-alive connection, opened one after another (a connection pool's way);
    closed on leaving."""
    with contextlib.ExitStack() as stack:
        for _ in range(count):
            client = stack.enter_context(local_http.client(base_url=base, timeout=30))
            assert client.get("/v1/health").status_code == 200
        yield


@pytest.fixture(scope="module")
def two_workers(migrated_urls: ServiceUrls) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    process, base = start_server(migrated_urls, {"TAPIS_WORKERS": "2"})
    try:
        wait_for_workers(process.pid, lambda found: len(found) >= 2, seconds=30)
        yield process, base
    finally:
        stop_server(process)


def test_connections_opened_one_after_another_spread_over_both_workers(
    two_workers: tuple[subprocess.Popen[bytes], str],
) -> None:
    process, base = two_workers
    with open_clients(base, CONNECTIONS):
        held = connections_by_worker(process.pid, port_of(base))
        # one shared socket put 15 and 1, then 16 and 0, of 16 such connections on the two workers
        assert len(held) == 2 and sum(held.values()) >= CONNECTIONS, held  # an earlier connection may be open still
        assert min(held.values()) >= 4, held


def test_a_killed_worker_is_replaced_on_its_socket(two_workers: tuple[subprocess.Popen[bytes], str]) -> None:
    process, base = two_workers
    victim = workers_of(process.pid)[0]
    os.kill(victim, signal.SIGKILL)
    # meanwhile new connections hashed to its socket wait in that socket's queue: answered once it is back
    with open_clients(base, CONNECTIONS):
        workers = workers_of(process.pid)
        assert victim not in workers and len(workers) == 2
        held = connections_by_worker(process.pid, port_of(base))
        assert min(held.values()) >= 4, held  # the replacement serves its predecessor's share


def test_a_second_server_cannot_start_on_the_port(
    two_workers: tuple[subprocess.Popen[bytes], str], migrated_urls: ServiceUrls
) -> None:
    _, base = two_workers
    port = str(port_of(base))
    env = {**os.environ, "DATABASE_URL": migrated_urls.database_url, "REDIS_URL": migrated_urls.redis_url}
    for workers in ("2", "1"):
        second = subprocess.run(
            [sys.executable, "-m", "api.cli", "serve", "--port", port, "--workers", workers, "--log-level", "info"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert second.returncode != 0, workers
        assert b"address already in use" in second.stderr.lower(), second.stderr[-2000:]


def test_a_rolling_restart_keeps_a_socket_per_worker(two_workers: tuple[subprocess.Popen[bytes], str]) -> None:
    process, base = two_workers
    before = set(workers_of(process.pid))
    process.send_signal(signal.SIGHUP)  # uvicorn's rolling restart: each worker replaced once its successor is up
    now = set(wait_for_workers(process.pid, lambda found: len(found) == 2 and not set(found) & before))
    assert len(now) == 2 and not now & before, (before, now)
    with open_clients(base, CONNECTIONS):
        held = connections_by_worker(process.pid, port_of(base))
        assert len(held) == 2 and min(held.values()) >= 4, held


def test_a_worker_fewer_then_more_leaves_no_socket_without_its_worker(
    two_workers: tuple[subprocess.Popen[bytes], str],
) -> None:
    process, base = two_workers
    port = port_of(base)
    process.send_signal(signal.SIGTTOU)  # uvicorn's "one worker fewer"
    assert len(wait_for_workers(process.pid, lambda found: len(found) == 1)) == 1
    # the parent closes the worker's socket once the worker has exited (api/workers.py, handle_ttou): until then a
    # connection the kernel hands that socket waits in its queue and is reset at the close, so the scale-down is
    # over when one socket listens (a socket left in the group would fail the wait, or keep about half of the
    # connections below waiting for ever)
    deadline = time.monotonic() + 30
    while listening(port) > 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert listening(port) == 1
    with open_clients(base, CONNECTIONS):
        assert sum(connections_by_worker(process.pid, port).values()) >= CONNECTIONS
    process.send_signal(signal.SIGTTIN)  # one more: on a socket of its own
    assert len(wait_for_workers(process.pid, lambda found: len(found) == 2)) == 2
    time.sleep(3)  # its app started: until then its socket's connections wait (answered, but later)
    with open_clients(base, CONNECTIONS):
        held = connections_by_worker(process.pid, port)
        assert len(held) == 2 and min(held.values()) >= 4, held
