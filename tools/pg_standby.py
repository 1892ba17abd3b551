"""A PostgreSQL primary and a streaming standby on loopback, with synchronous replication: for the failover test.

Two tools/pg_node.PgNode servers of the machine's Debian PostgreSQL 15 under one root. The primary waits for the
standby's flush before it acknowledges a commit (`synchronous_standby_names = '*'`, `synchronous_commit = on`), so
a commit it acknowledged is on the standby when it dies. The standby is a `pg_basebackup -R` of the primary (it
streams from it, hot, read-only). `url(database)` names both hosts with `target_session_attrs=read-write`, what a
deployment gives Tapis: asyncpg connects to whichever of them takes writes. `kill_primary` SIGKILLs the primary's
postmaster and its processes (a crash); `promote` makes the standby the primary.

    with PrimaryAndStandby(Path("/tmp/pg-ha")) as pair:
        pair.sql(pair.primary, "postgres", "CREATE DATABASE tapis")
"""

from __future__ import annotations

import contextlib
import signal
import time
from pathlib import Path
from types import TracebackType

import psutil

from infra.local_cluster import free_ports
from tools.pg_node import BIN, HOST, SUPERUSER, PgNode, PgNodeError

__all__ = ["PrimaryAndStandby", "missing"]

PRIMARY_SETTINGS = {
    "wal_level": "replica",
    "max_wal_senders": "5",
    "wal_keep_size": "64MB",
    "synchronous_standby_names": "'*'",
    "synchronous_commit": "on",
    "fsync": "off",  # a test pair is thrown away; the standby's flush is what the acknowledgement waits for
    "full_page_writes": "off",
    "shared_buffers": "32MB",
    "logging_collector": "off",
}


def missing() -> str | None:
    """Why no pair can start here (None: it can)."""
    for tool in ("initdb", "pg_ctl", "postgres", "psql", "pg_basebackup"):
        if not (BIN / tool).exists():
            return f"{BIN / tool} is missing (apt-get install postgresql-15)"
    return None


class PrimaryAndStandby:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.primary, self.standby = free_ports(2)
        self._nodes = {
            self.primary: PgNode(root, self.primary, PRIMARY_SETTINGS),
            self.standby: PgNode(root, self.standby, {}),
        }
        self._killed: set[int] = set()

    def url(self, database: str) -> str:
        hosts = f"{HOST}:{self.primary},{HOST}:{self.standby}"
        return f"postgresql://{SUPERUSER}@{hosts}/{database}?target_session_attrs=read-write"

    def node_url(self, port: int, database: str) -> str:
        return self._nodes[port].url(database)

    def sql(self, port: int, database: str, statement: str) -> str:
        return self._nodes[port].sql(database, statement)

    def start(self) -> PrimaryAndStandby:
        try:
            self._nodes[self.primary].start()
            standby = self._nodes[self.standby]
            # the primary's copy, told to stream from it (-R writes primary_conninfo and standby.signal)
            standby.run(
                str(BIN / "pg_basebackup"), "-h", HOST, "-p", str(self.primary), "-U", SUPERUSER,
                "-D", str(standby.data), "-R", "--wal-method=stream", "--checkpoint=fast",
            )  # fmt: skip
            with (standby.data / "postgresql.conf").open("a") as conf:
                # once promoted it has no standby of its own: the primary's synchronous_standby_names (copied with
                # its files) would make it wait for one forever at each commit
                conf.write(f"port = {self.standby}\nhot_standby = on\nsynchronous_standby_names = ''\n")
            standby.start()
            self._wait_streaming()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_streaming(self, seconds: float = 60.0) -> None:
        """Until the primary sees its standby streaming, synchronously."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            state = self.sql(self.primary, "postgres", "SELECT state || ' ' || sync_state FROM pg_stat_replication")
            if state == "streaming sync":
                return
            time.sleep(0.1)
        raise PgNodeError(f"the standby is not streaming synchronously after {seconds:g} s: {state!r}")

    def kill_primary(self) -> None:
        """SIGKILL the primary's postmaster and every process of it: no shutdown checkpoint, connections cut."""
        node = self._nodes[self.primary]
        pid = int((node.data / "postmaster.pid").read_text().split()[0])
        postmaster = psutil.Process(pid)
        children = postmaster.children(recursive=True)
        for process in [postmaster, *children]:
            with contextlib.suppress(psutil.NoSuchProcess):
                process.send_signal(signal.SIGKILL)
        psutil.wait_procs([postmaster, *children], timeout=10)
        self._killed.add(self.primary)

    def promote(self) -> None:
        node = self._nodes[self.standby]
        node.run(str(BIN / "pg_ctl"), "-D", str(node.data), "-w", "-t", "60", "promote")

    def stop(self) -> None:
        """Every node that runs is stopped, even when another's stop fails (that error is raised after)."""
        failed: list[PgNodeError] = []
        for port, node in self._nodes.items():
            if port in self._killed:
                (node.data / "postmaster.pid").unlink(missing_ok=True)  # a crash leaves it; nothing runs there
                continue
            try:
                node.stop("immediate")
            except PgNodeError as exc:
                failed.append(exc)
        if failed:
            raise failed[0]

    def __enter__(self) -> PrimaryAndStandby:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
