"""The Citus restore drill (docs/backup-restore.md, "Citus"): a coordinator and two workers (tools/citus_cluster.py),
each archiving its WAL with pgBackRest to a repository of its own (one stanza per node), `tapis migrate` on the
coordinator (the events distributed by stream id), games played through a real `tapis serve`, a full backup of
every node, more games, a restore point taken on every node at once (`citus_create_restore_point`), the games'
chain heads recorded at it, more games after it; then every node lost (stopped at once, its data directory
deleted) and each restored to the named point, the cluster started again and Tapis rebuilt.

It proves that the cluster came back at one consistent moment: every game, on either worker, at the head it had at
the restore point (no node ahead of or behind the others); every command acknowledged before the point there and
none after it (`tapis backup verify --heads`); `tapis doctor` clean; and the server playing on. Restore, start
(recovery to the point) and rebuild together are the RTO, measured and printed.

Skips, saying why, without pgbackrest or without Debian's PostgreSQL 15 with Citus (`make test-backup`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

from api.backup_check import parse_lsn, segment_end
from infra.embedded import ServiceUrls
from tests import local_http
from tests.backup.rig import distinct_ports
from tests.backup.rig import missing as backup_missing
from tests.backup.test_restore_drill import Ack, Table, tapis, wait_until
from tests.citus.conftest import PLACEMENT
from tests.conftest import _flush_redis, redis_db_beside
from tests.e2e.client import Tapis
from tests.e2e.conftest import serving
from tools.citus_cluster import CitusCluster, CitusUnavailable
from tools.citus_cluster import missing as citus_missing

MISSING = backup_missing() or citus_missing()
pytestmark = [
    pytest.mark.slow,
    pytest.mark.backup,
    pytest.mark.citus,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
]

DATABASE = "tapis"
POINT = "drill"  # the restore point's name
ARCHIVE_TIMEOUT = 5  # seconds; production: 60 (docs/backup-restore.md)
ROLES = ("coordinator", "worker-1", "worker-2")
T = TypeVar("T")


@dataclass(frozen=True)
class Drill:
    """The cluster, its pgBackRest configuration and each node's stanza (by port)."""

    cluster: CitusCluster
    config: Path
    stanzas: dict[int, str]

    def backrest(self, port: int, *args: str) -> str:
        """A pgBackRest command on the node's stanza, as the server's user; its output."""
        node = self.cluster.node(port)
        return node.run("pgbackrest", f"--config={self.config}", f"--stanza={self.stanzas[port]}", *args).stdout

    def each(self, step: Callable[[int], T], ports: tuple[int, ...] | None = None) -> dict[int, T]:
        """`step` on every node (or those of `ports`) at once; its results by port."""
        chosen = ports if ports is not None else self.cluster.ports
        with ThreadPoolExecutor(max_workers=len(chosen)) as pool:
            futures = {port: pool.submit(step, port) for port in chosen}
            return {port: future.result() for port, future in futures.items()}

    def sql(self, statement: str, port: int | None = None) -> str:
        return self.cluster.sql(port or self.cluster.coordinator, DATABASE, statement)

    def lose(self, port: int) -> None:
        """The disaster, on one node: the server dies at once (WAL not yet archived is not), its data directory goes."""
        self.cluster.stop_node(port, "immediate")
        shutil.rmtree(self.cluster.node(port).data)

    def restore(self, port: int) -> None:
        """pgBackRest's restore of the node's last backup into an empty data directory, recovering to the point."""
        node = self.cluster.node(port)
        node.data.mkdir(mode=0o700)
        node.give(node.data)
        self.backrest(port, "restore", "--type=name", f"--target={POINT}", "--target-action=promote")

    def logs(self) -> str:
        """Each node's server log, its last lines (a failure's message: the root goes with the drill)."""
        return "\n".join(f"--- {self.stanzas[port]}:\n{self.cluster.node(port).log(20)}" for port in self.cluster.ports)

    def start(self, port: int) -> None:
        """The node started, back to read-write once its recovery reached the point."""
        node = self.cluster.node(port)
        try:
            self.cluster.start_node(port)
        except CitusUnavailable as exc:
            raise CitusUnavailable(f"{exc}\n{self.logs()}") from exc
        deadline = time.monotonic() + 120
        # pg_ctl returns once connections are accepted, which a hot standby does during recovery
        while node.sql("postgres", "SELECT pg_is_in_recovery()") != "f":
            assert time.monotonic() < deadline, f"recovery did not end:\n{node.log()}"
            time.sleep(0.1)

    def archived_past(self, port: int, lsn: int) -> bool:
        """The node's repository holds the WAL segment that contains `lsn` (and so every one before it)."""
        info = json.loads(self.backrest(port, "info", "--output=json"))
        newest = max((archive["max"] for archive in info[0]["archive"] if archive["max"]), default=None)
        end = segment_end(newest, 16 * 1024 * 1024) if newest else None
        return end is not None and end > lsn


@contextlib.contextmanager
def archived_cluster() -> Iterator[Drill]:
    """A Citus cluster whose nodes archive to pgBackRest, each stanza created; everything stopped and removed after,
    even when a start fails half-way."""
    # a root under /tmp that the server's user may enter (pytest's tmp_path is root's alone), named so that
    # tools/citus_cluster.stop_stale stops its nodes and removes it should this process die without doing so
    root = Path(tempfile.mkdtemp(prefix="tapis-citus-restore-drill-"))
    (root / "owner").write_text(str(os.getpid()))
    config = root / "pgbackrest.conf"
    ports = distinct_ports(len(ROLES))
    stanzas = {port: f"tapis-{role}" for port, role in zip(ports, ROLES, strict=True)}
    settings = {
        port: {
            "wal_level": "replica",
            "archive_mode": "on",
            "archive_command": f"'pgbackrest --config={config} --stanza={stanza} archive-push %p'",
            # a segment that took writes is switched and archived at most this long after
            "archive_timeout": str(ARCHIVE_TIMEOUT),
            "full_page_writes": "on",  # as in production (the Citus test cluster turns it off)
        }
        for port, stanza in stanzas.items()
    }
    with contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, root, ignore_errors=True)
        cluster = CitusCluster(root, ports, settings)
        stack.callback(cluster.stop)  # registered before the start: whatever started is stopped, whatever failed
        drill = Drill(cluster, config, stanzas)
        owner = cluster.node(cluster.coordinator)
        for directory in ("log", "lock", "spool", *(f"repo-{role}" for role in ROLES)):
            (root / directory).mkdir()
            owner.give(root / directory)
        # the configuration of docs/backup-restore.md, one stanza a node, each with a repository of its own
        config.write_text(
            "[global]\n"
            "repo1-retention-full=2\n"
            f"log-path={root / 'log'}\n"
            f"lock-path={root / 'lock'}\n"
            f"spool-path={root / 'spool'}\n"
            "log-level-console=warn\n"
            "start-fast=y\n"
            + "".join(
                f"\n[{stanzas[port]}]\n"
                f"repo1-path={root / f'repo-{role}'}\n"
                f"pg1-path={cluster.node(port).data}\n"
                f"pg1-port={port}\n"
                f"pg1-socket-path={root}\n"
                for port, role in zip(ports, ROLES, strict=True)
            )
        )
        try:
            cluster.start()
        except CitusUnavailable as exc:
            raise CitusUnavailable(f"{exc}\n{drill.logs()}") from exc
        drill.each(lambda port: drill.backrest(port, "stanza-create"))
        cluster.create_database(DATABASE)
        yield drill


def heads(drill: Drill) -> dict[str, tuple[int, str]]:
    """Every game's last event (version, chain link), read through the coordinator."""
    rows = drill.sql(
        "SELECT DISTINCT ON (stream_id) stream_id, version, chain FROM events ORDER BY stream_id, version DESC"
    )
    return {game: (int(version), chain) for game, version, chain in (row.split("|") for row in rows.splitlines())}


def worker_of(drill: Drill, game_id: str) -> int:
    return int(drill.sql(PLACEMENT.replace("$1::text", f"'{game_id}'::text")))


def test_citus_restore_drill(service_urls: ServiceUrls, capsys: pytest.CaptureFixture[str]) -> None:
    redis_url = redis_db_beside(service_urls.redis_url, 6)
    _flush_redis(redis_url)
    begun = time.monotonic()
    with archived_cluster() as drill:
        cluster = drill.cluster
        urls = ServiceUrls(database_url=cluster.url(DATABASE), redis_url=redis_url)
        migrated = tapis(urls, "migrate")
        assert migrated.returncode == 0, migrated.stderr
        assert drill.sql("SELECT count(*) FROM pg_dist_partition WHERE logicalrelid = 'events'::regclass") == "1"

        acks: list[Ack] = []
        with serving(urls) as base, local_http.client(base_url=base, timeout=30) as http:
            api = Tapis(http)
            tables = [Table(api) for _ in range(4)]
            for table in tables:
                acks += table.play(3)
            drill.each(lambda port: drill.backrest(port, "--type=full", "backup"))  # waits for its WAL archived

            tables += [Table(api) for _ in range(2)]
            # games on both workers, so that a worker restored ahead of or behind the other would show
            placed = {table.game_id: worker_of(drill, table.game_id) for table in tables}
            while set(placed.values()) != set(cluster.workers):
                tables.append(Table(api))
                placed[tables[-1].game_id] = worker_of(drill, tables[-1].game_id)
            for table in tables:
                acks += table.play(3)

            # the restore point, on every node at once; the client is the only writer, so the heads read just
            # after it are the heads at it
            point_lsn = parse_lsn(drill.sql(f"SELECT citus_create_restore_point('{POINT}')"))
            at_point = heads(drill)
            before = len(acks)
            lsns = {port: parse_lsn(drill.sql("SELECT pg_current_wal_lsn()", port)) for port in cluster.workers}
            lsns[cluster.coordinator] = point_lsn

            late = Table(api)  # a game created after the point: absent once restored to it
            tables.append(late)
            for table in tables:
                acks += table.play(2)
            # archive_timeout switches the segments that hold the point; without them there is nothing to recover to
            for port, lsn in lsns.items():
                wait_until(lambda: drill.archived_past(port, lsn), f"{port}: the point archived", 6 * ARCHIVE_TIMEOUT)  # noqa: B023
            for table in tables:
                acks += table.play(2)  # the last work: in WAL not archived yet when the nodes die
        after = acks[before:]
        assert len(at_point) == len(tables) - 1 and late.game_id not in at_point
        assert {(a.game_id, a.version, a.chain_head) for a in acks[:before]} >= {
            (game, version, chain) for game, (version, chain) in at_point.items()
        }, "a head at the point that no command acknowledged"

        for port in cluster.ports:
            drill.lose(port)

        # every node restored to the point (in parallel: each its own repository), the workers started, then the
        # coordinator, then Tapis' projections rebuilt
        started = time.monotonic()
        restore_times = drill.each(lambda port: _timed(lambda: drill.restore(port)))
        restored = time.monotonic() - started
        drill.each(drill.start, cluster.workers)
        drill.start(cluster.coordinator)
        up = time.monotonic() - started
        rebuilt = tapis(urls, "rebuild")
        rto = time.monotonic() - started
        assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr

        health = drill.sql("SELECT bool_and(result) FROM citus_check_cluster_node_health()")
        assert health == "t", drill.sql("SELECT * FROM citus_check_cluster_node_health()")
        # every game, on either worker, at the head it had at the restore point: no node ahead, none behind
        assert heads(drill) == at_point
        doctor = tapis(urls, "doctor")
        assert doctor.returncode == 0, doctor.stdout + doctor.stderr
        heads_file = cluster.root / "heads.jsonl"
        heads_file.write_text("".join(ack.line() + "\n" for ack in acks))
        verified = tapis(urls, "backup", "verify", f"--heads={heads_file}", "--json")
        assert verified.returncode == 0, verified.stdout + verified.stderr
        report = json.loads(verified.stdout)
        assert report["games"] == len(at_point) and not report["broken"] and not report["projections_wrong"]
        assert report["heads"]["kept"] == [json.loads(a.line()) for a in acks[:before]]
        lost = [{key: head[key] for key in ("game_id", "version", "chain_head")} for head in report["heads"]["lost"]]
        assert lost == [json.loads(a.line()) for a in after]
        assert report["heads"]["forked"] == []
        for port in cluster.ports:  # each node archives again, its stanza checked from its own database
            node_urls = ServiceUrls(database_url=cluster.url(DATABASE, port), redis_url=redis_url)
            checked = tapis(node_urls, "backup", "check", f"--config={drill.config}", f"--stanza={drill.stanzas[port]}")
            assert checked.returncode == 0, checked.stdout + checked.stderr

        # the restored cluster serves: a game of each worker at the head its players held at the point, and plays on
        with serving(urls) as base, local_http.client(base_url=base, timeout=30) as http:
            api = Tapis(http)
            for worker in cluster.workers:
                table = next(t for t in tables if placed.get(t.game_id) == worker)
                view = api.view(table.game_id)
                assert (view["version"], view["chain_head"]) == at_point[table.game_id]
                table.api = api  # the first server's client is closed
                [next_ack] = table.play(1)
                assert next_ack.version > at_point[table.game_id][0]
                assert api.view(table.game_id)["chain_head"] == next_ack.chain_head
    elapsed = time.monotonic() - begun

    per_worker = [sum(1 for game in at_point if placed[game] == port) for port in cluster.workers]
    spread = ", ".join(f"{count} on worker {index}" for index, count in enumerate(per_worker, 1))
    with capsys.disabled():
        print(
            f"\nCitus restore drill: a coordinator and {len(cluster.workers)} workers, one pgBackRest stanza each; "
            f"{len(acks)} commands acknowledged over {len(tables)} games, {before} before the restore point "
            f"'{POINT}' ({len(at_point)} games: {spread})\n"
            f"  after `pgbackrest restore --type=name --target={POINT} --target-action=promote` on every node: every "
            f"game at its head at the point, {before} commands kept, {len(after)} after the point gone, none forked\n"
            f"  RTO: {rto:.1f} s = restore of the three nodes in parallel {restored:.1f} s "
            f"({', '.join(f'{drill.stanzas[p]} {s:.1f} s' for p, s in restore_times.items())}) + start and recovery "
            f"to the point {up - restored:.1f} s + tapis rebuild {rto - up:.1f} s\n"
            f"  the whole drill: {elapsed:.0f} s"
        )


def _timed(step: Callable[[], None]) -> float:
    started = time.monotonic()
    step()
    return time.monotonic() - started
