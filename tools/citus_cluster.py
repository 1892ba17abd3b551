"""A local Citus cluster on loopback: a coordinator and two workers of the machine's Debian PostgreSQL 15 with the
Citus extension built in (`../shared/citus/build.sh`), each in a data directory of its own.

The tests of `tests/citus/` (and the contract suite's Citus half) start one per session, and `bench/` can too:

    with CitusCluster(Path("/tmp/citus")) as cluster:
        url = cluster.create_database("tapis")  # on every node, the extension in each, the workers added

Citus 12.1 does not propagate CREATE DATABASE, so `create_database` makes it on each node, creates the extension
in each and registers the workers with the coordinator; `stop_node`/`start_node` take one worker down and up again
(the fault tests). Each node is a tools/pg_node.PgNode: as root it runs as the `postgres` user that the Debian package
creates (PostgreSQL refuses root), and SQL goes through the server's own `psql`, so this module needs no driver.

    python -m tools.citus_cluster start /tmp/citus   # prints the coordinator's URL; `stop /tmp/citus` ends it
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType

from tools.pg_node import BIN, HOST, PgNode, PgNodeError, as_user, server_user

__all__ = ["BIN", "PORTS", "CitusCluster", "CitusUnavailable", "missing"]

PORTS = (9700, 9701, 9702)  # the coordinator, then the workers
_PREFIX = "tapis-citus-"  # a temporary root's name; `owner` in it holds the pid of the process that started it
_OWNER = "owner"
_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
# what the servers are told beyond initdb's defaults: Citus loaded, two-phase commit possible (a statement that
# writes shards on both workers prepares on each), and no fsync (a test cluster is thrown away)
_SETTINGS = {
    "shared_preload_libraries": "'citus'",
    "max_prepared_transactions": "100",
    "max_connections": "200",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "shared_buffers": "64MB",
    # 8 shards per table, not Citus' default 32: the same code paths (every table is spread over both workers)
    # at a quarter of the per-shard work a test pays for
    "citus.shard_count": "8",
    # a worker that is down is noticed in 2 s, not after the default 30 s connect timeout
    "citus.node_connection_timeout": "2000",
    # loopback between the nodes: no TLS (Citus would otherwise make certificates and require them)
    "citus.node_conninfo": "'sslmode=disable'",
    "log_min_messages": "warning",
    "logging_collector": "off",
}


class CitusUnavailable(RuntimeError):
    """The PostgreSQL 15 server binaries or the Citus extension are missing, or a node would not start."""


def missing() -> str | None:
    """Why no cluster can start here (None: it can)."""
    for tool in ("initdb", "pg_ctl", "postgres", "psql", "pg_config"):
        if not (BIN / tool).exists():
            return f"{BIN / tool} is missing (apt-get install postgresql-15)"
    libdir = subprocess.run([str(BIN / "pg_config"), "--pkglibdir"], capture_output=True, text=True, check=True)
    if not (Path(libdir.stdout.strip()) / "citus.so").exists():
        return f"citus.so is not in {libdir.stdout.strip()} (run ../shared/citus/build.sh as root)"
    return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_stale() -> None:
    """Stop the clusters of temporary roots whose owner died without stopping them (a test run killed): they
    would hold the ports."""
    for owner in Path(tempfile.gettempdir()).glob(f"{_PREFIX}*/{_OWNER}"):
        try:
            pid = int(owner.read_text())
        except (OSError, ValueError):
            continue
        if _alive(pid):
            continue
        for data in owner.parent.glob("node*"):
            if (data / "postmaster.pid").exists():
                subprocess.run(
                    [str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                    capture_output=True,
                    check=False,
                    **as_user(server_user()),
                    cwd=owner.parent,
                )
        shutil.rmtree(owner.parent, ignore_errors=True)


class CitusCluster:
    """Three nodes under `root` (`root/node<port>`), started by `start`, stopped by `stop` (or the `with` block)."""

    def __init__(
        self,
        root: Path | None = None,
        ports: tuple[int, ...] = PORTS,
        settings: Mapping[int, Mapping[str, str]] | None = None,
    ) -> None:
        """`settings`: what a node's postgresql.conf adds to (or overrides of) the cluster's own, by port (the Citus
        restore drill's WAL archiving, whose `archive_command` names each node's pgBackRest stanza)."""
        reason = missing()
        if reason is not None:
            raise CitusUnavailable(reason)
        self._own_root = root is None
        self.root = root if root is not None else Path(tempfile.mkdtemp(prefix=_PREFIX))
        self.ports = ports
        extra = settings or {}
        self._nodes = {port: PgNode(self.root, port, {**_SETTINGS, **extra.get(port, {})}) for port in ports}

    @property
    def coordinator(self) -> int:
        return self.ports[0]

    @property
    def workers(self) -> tuple[int, ...]:
        return self.ports[1:]

    def node(self, port: int) -> PgNode:
        """The node on `port` (its data directory, its tools run as the server's user)."""
        return self._nodes[port]

    def url(self, database: str, port: int | None = None) -> str:
        return self._nodes[port or self.coordinator].url(database)

    def sql(self, port: int, database: str, statement: str) -> str:
        """One statement on one node (psql, unaligned, tuples only); its output."""
        try:
            return self._nodes[port].sql(database, statement)
        except PgNodeError as exc:
            raise CitusUnavailable(str(exc)) from exc

    def start_node(self, port: int) -> None:
        try:
            self._nodes[port].start()
        except PgNodeError as exc:
            raise CitusUnavailable(str(exc)) from exc

    def stop_node(self, port: int, mode: str = "fast") -> None:
        try:
            self._nodes[port].stop(mode)
        except PgNodeError as exc:
            raise CitusUnavailable(str(exc)) from exc

    def _each(self, step: Callable[[int], None]) -> None:
        """`step` on every node at once (initdb and a start are mostly waiting: three in a row took 11 s)."""
        with ThreadPoolExecutor(max_workers=len(self.ports)) as pool:
            for done in [pool.submit(step, port) for port in self.ports]:
                done.result()

    def start(self) -> CitusCluster:
        stop_stale()
        self.root.mkdir(parents=True, exist_ok=True)
        self._nodes[self.coordinator].give(self.root)
        if self._own_root:
            (self.root / _OWNER).write_text(str(os.getpid()))
        try:
            self._each(self.start_node)
        except BaseException:
            # whatever stopped the start (a node that failed, a timeout, ^C): the nodes that did start, and a root
            # of our own, go; the start's error is the one raised
            with contextlib.suppress(CitusUnavailable):
                self.stop()
            raise
        return self

    def stop(self) -> None:
        """Every node that runs is stopped, even when another's stop fails (that error is raised after)."""
        failed: list[CitusUnavailable] = []
        for port in self.ports:
            try:
                self.stop_node(port)
            except CitusUnavailable as exc:
                failed.append(exc)
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)
        if failed:
            raise failed[0]

    def create_database(self, name: str) -> str:
        """`name` on every node with the citus extension, the workers added to the coordinator's metadata; the
        coordinator's URL (what the app and the migrations are given)."""
        if not _NAME.fullmatch(name):
            raise ValueError(f"database name must match {_NAME.pattern}: {name!r}")

        def create(port: int) -> None:
            self.sql(port, "postgres", f'CREATE DATABASE "{name}"')
            self.sql(port, name, "CREATE EXTENSION citus")

        self._each(create)
        self.sql(self.coordinator, name, f"SELECT citus_set_coordinator_host('{HOST}', {self.coordinator})")
        for port in self.workers:
            self.sql(self.coordinator, name, f"SELECT citus_add_node('{HOST}', {port})")
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """`name` gone from every node that is up (a stopped worker keeps its copy until its data goes)."""
        for port in self.ports:
            if self._nodes[port].running:
                self.sql(port, "postgres", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def __enter__(self) -> CitusCluster:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["start", "stop"])
    parser.add_argument("root", type=Path)
    parser.add_argument("--database", default="tapis")
    args = parser.parse_args()
    cluster = CitusCluster(args.root)
    if args.action == "start":
        cluster.start()
        try:
            print(cluster.create_database(args.database))
        except CitusUnavailable as exc:
            if "already exists" not in str(exc):
                raise
            print(cluster.url(args.database))
    else:
        cluster.stop()


if __name__ == "__main__":
    main()
