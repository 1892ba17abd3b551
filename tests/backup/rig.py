"""A Postgres that archives its WAL to a pgBackRest repository, both of its own under one temporary root: what the
restore drill backs up, destroys and restores. The stanza's configuration is the one docs/backup-restore.md shows,
with paths under the root and the drill's short `archive_timeout`.

As root (CI), the server and pgBackRest run as the `postgres` user (tools/pg_node.py), which owns the root.
"""

from __future__ import annotations

import random
import shutil
import socket
import time
from pathlib import Path

from tools.pg_node import BIN, HOST, PgNode

STANZA = "tapis"
DATABASE = "tapis"


def missing() -> str | None:
    """Why the drill cannot run here (None: it can)."""
    if shutil.which("pgbackrest") is None:
        return "pgbackrest is not installed (apt-get install pgbackrest)"
    for tool in ("initdb", "pg_ctl", "postgres", "psql"):
        if not (BIN / tool).exists():
            return f"{BIN / tool} is missing (apt-get install postgresql-15)"
    return None


class BackupRig:
    def __init__(self, root: Path, port: int, archive_timeout: int) -> None:
        self.root = root
        self.config = root / "pgbackrest.conf"
        archive = f"pgbackrest --config={self.config} --stanza={STANZA} archive-push %p"
        self.node = PgNode(
            root,
            port,
            {
                "wal_level": "replica",
                "archive_mode": "on",
                "archive_command": f"'{archive}'",
                # a segment that took writes is switched and archived at most this long after: the RPO's bound
                "archive_timeout": str(archive_timeout),
                "log_min_messages": "warning",
            },
        )

    @property
    def url(self) -> str:
        return self.node.url(DATABASE)

    def start(self) -> BackupRig:
        """initdb, the stanza created, the server up with the Tapis database (not migrated)."""
        self.root.mkdir(parents=True, exist_ok=True)
        self.node.give(self.root)
        for directory in ("repo", "log", "lock", "spool"):
            (self.root / directory).mkdir(exist_ok=True)
            self.node.give(self.root / directory)
        self.config.write_text(
            "[global]\n"
            f"repo1-path={self.root / 'repo'}\n"
            "repo1-retention-full=2\n"
            f"log-path={self.root / 'log'}\n"
            f"lock-path={self.root / 'lock'}\n"
            f"spool-path={self.root / 'spool'}\n"
            "log-level-console=warn\n"
            "start-fast=y\n"
            f"\n[{STANZA}]\n"
            f"pg1-path={self.node.data}\n"
            f"pg1-port={self.node.port}\n"
            f"pg1-socket-path={self.root}\n"
        )
        self.node.start()
        self.backrest("stanza-create")
        self.node.sql("postgres", f'CREATE DATABASE "{DATABASE}"')
        return self

    def backrest(self, *args: str) -> str:
        """A pgBackRest command on the stanza, as the server's user; its output."""
        return self.node.run("pgbackrest", f"--config={self.config}", f"--stanza={STANZA}", *args).stdout

    def sql(self, statement: str) -> str:
        return self.node.sql(DATABASE, statement)

    def lose(self) -> None:
        """The disaster: the server dies at once (WAL not yet archived is not), and its data directory is gone."""
        self.node.stop("immediate")
        shutil.rmtree(self.node.data)

    def restore(self, *options: str) -> None:
        """pgBackRest's restore into an empty data directory (the last good backup, then WAL per `options`), and the
        server started on it, back to read-write once recovery reached its target."""
        if self.node.data.exists():
            self.node.stop("immediate")
            shutil.rmtree(self.node.data)
        self.node.data.mkdir(mode=0o700)
        self.node.give(self.node.data)
        self.backrest("restore", *options)
        self.node.start()
        deadline = time.monotonic() + 120
        # pg_ctl returns once connections are accepted, which a hot standby does during recovery
        while self.node.sql("postgres", "SELECT pg_is_in_recovery()") != "f":
            assert time.monotonic() < deadline, f"recovery did not end:\n{self.node.log()}"
            time.sleep(0.1)

    def stop(self) -> None:
        self.node.stop()


def distinct_ports(count: int) -> tuple[int, ...]:
    """Free ports below Linux's ephemeral range (32768 on): the kernel hands those to every other harness's
    `free_port` and to outgoing connections, and the nodes must find theirs free again when they restart after the
    restore, a minute or so after they were chosen."""
    ports: list[int] = []
    while len(ports) < count:
        port = random.randrange(20000, 32000)
        with socket.socket() as probe:
            try:
                probe.bind((HOST, port))
            except OSError:
                continue
        if port not in ports:
            ports.append(port)
    return tuple(ports)
