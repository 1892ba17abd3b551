"""One PostgreSQL server of the machine's Debian PostgreSQL 15 (`/usr/lib/postgresql/15/bin`), in a data directory
of its own under a root directory, on a loopback port: what the backup drill (tests/ops/) starts, archives with
pgBackRest, destroys and restores.

PostgreSQL refuses to run as root: as root the server, and every tool that touches its data (initdb, pg_ctl,
pgbackrest), runs as the `postgres` user that the Debian package creates, which then owns the root. SQL goes
through the server's own `psql`, so this module needs no driver. tools/citus_cluster.py runs its nodes under the
same user with the same helpers (`server_user`, `as_user`).

    with PgNode(Path("/tmp/pg"), 5499, {"wal_level": "replica"}) as node:
        node.sql("postgres", "SELECT 1")
"""

from __future__ import annotations

import os
import pwd
import subprocess
from pathlib import Path
from types import TracebackType
from typing import Any

__all__ = ["BIN", "HOST", "SUPERUSER", "PgNode", "PgNodeError", "as_user", "server_user"]

BIN = Path(os.environ.get("TAPIS_CITUS_PG_BIN", "/usr/lib/postgresql/15/bin"))
HOST = "127.0.0.1"
SUPERUSER = "postgres"
SERVER_USER = "postgres"  # the Debian package's user, when we are root


class PgNodeError(RuntimeError):
    """A PostgreSQL tool failed (its stderr is the message)."""


def server_user() -> pwd.struct_passwd | None:
    """Whom the servers run as: the `postgres` user when we are root (PostgreSQL refuses root), else ourselves."""
    return pwd.getpwnam(SERVER_USER) if os.geteuid() == 0 else None


def as_user(user: pwd.struct_passwd | None) -> dict[str, Any]:
    """subprocess' keyword arguments that run a child as `user` (none: as ourselves)."""
    # subprocess' own user and group switch, not a preexec_fn: callers start nodes from several threads at once
    return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []} if user is not None else {}


class PgNode:
    """A server in `root/node<port>`, its socket in `root`, `settings` appended to its postgresql.conf at initdb."""

    def __init__(self, root: Path, port: int, settings: dict[str, str]) -> None:
        self.root = root
        self.port = port
        self.settings = settings
        self.user = server_user()

    @property
    def data(self) -> Path:
        return self.root / f"node{self.port}"

    @property
    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@{HOST}:{self.port}/{database}"

    def give(self, path: Path) -> None:
        """`path` to the server user (a directory it must write: its data, a backup repository, logs)."""
        if self.user is not None:
            os.chown(path, self.user.pw_uid, self.user.pw_gid)

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """A tool as the server user, in the root; raises PgNodeError when it fails and `check` is set."""
        # the server user's own HOME: libpq, in the server and in psql, looks for its files there
        env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        if self.user is not None:
            env["HOME"] = self.user.pw_dir
        done = subprocess.run(
            list(args), capture_output=True, text=True, check=False, cwd=self.root, env=env, **as_user(self.user)
        )
        if check and done.returncode != 0:
            raise PgNodeError(f"{' '.join(args)} failed: {done.stderr.strip() or done.stdout.strip()}")
        return done

    def sql(self, database: str, statement: str) -> str:
        """One statement (psql, unaligned, tuples only); its output."""
        done = self.run(
            str(BIN / "psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", HOST, "-p", str(self.port),
            "-U", SUPERUSER, "-d", database, "-c", statement,
        )  # fmt: skip
        return done.stdout.strip()

    def init(self) -> None:
        """initdb, once: a data directory that holds a cluster already (a restored one) is kept as it is."""
        if (self.data / "PG_VERSION").exists():
            return
        self.root.mkdir(parents=True, exist_ok=True)
        self.give(self.root)
        self.data.mkdir(mode=0o700, exist_ok=True)
        self.give(self.data)
        self.run(str(BIN / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "--no-sync", "-E", "UTF8")
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(f"port = {self.port}\nunix_socket_directories = '{self.root}'\nlisten_addresses = '{HOST}'\n")
            conf.writelines(f"{key} = {value}\n" for key, value in self.settings.items())

    def start(self) -> PgNode:
        self.init()
        log = self.root / f"node{self.port}.log"  # beside the data, so a restore that empties the data keeps it
        if not log.exists():
            log.touch()
            self.give(log)
        self.run(str(BIN / "pg_ctl"), "-D", str(self.data), "-l", str(log), "-w", "-t", "120", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        """`fast` checkpoints and ends cleanly; `immediate` is a crash: WAL not yet archived stays unarchived."""
        if self.running:
            self.run(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def log(self, lines: int = 40) -> str:
        """The server log's last lines (for a failure's message)."""
        try:
            return "\n".join((self.root / f"node{self.port}.log").read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def __enter__(self) -> PgNode:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
