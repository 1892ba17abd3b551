"""The restore drill (docs/backup-restore.md): a Postgres archiving to pgBackRest, games played through a real
`tapis serve`, a full backup, more games, a recorded point in time, more games after it, the server killed and its
data directory deleted; then two restores from the repository:

1. to the end of the archived WAL (what an operator does after losing the disk): the acknowledged commands it lacks
   are the RPO, measured;
2. to the recorded point in time (`--type=time`): every game's chain head as its players saw it at that point, every
   command acknowledged before it there and none after it (`tapis backup verify --heads`), Redis projections rebuilt
   (`tapis rebuild`), `tapis doctor` and `tapis backup check` clean, and the server playing on. Restore, recovery and
   rebuild together are the RTO, measured.

Both figures are printed. Skips, saying why, without pgbackrest or Debian's PostgreSQL 15 (`make test-backup`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from api.backup_check import parse_lsn, segment_end
from infra.embedded import ServiceUrls
from tests import local_http
from tests.backup.rig import BackupRig, distinct_ports, missing
from tests.conftest import _flush_redis, redis_db_beside
from tests.e2e.client import Tapis
from tests.e2e.conftest import ROOT, serving

MISSING = missing()
pytestmark = [pytest.mark.slow, pytest.mark.backup, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]

ARCHIVE_TIMEOUT = 5  # seconds; production: 60 (docs/backup-restore.md)


@dataclass(frozen=True)
class Ack:
    """A command's answer as its client got it: the head it may later hold the server to."""

    game_id: str
    version: int
    chain_head: str
    at: float  # time.time() when the answer arrived

    def line(self) -> str:
        return json.dumps({"game_id": self.game_id, "version": self.version, "chain_head": self.chain_head})


class Table:
    """One two-player six-nimmt game, both seats played by the drill: no bot moves in the background, so every
    event of the game is a command's acknowledged answer."""

    def __init__(self, api: Tapis) -> None:
        self.api = api
        self.game_id, _, self.tokens = api.new_game("six-nimmt", 2)

    def play(self, commands: int) -> list[Ack]:
        acks = []
        for _ in range(commands):
            seat = self.api.view(self.game_id)["awaiting"][0]
            move = self.api.moves(self.game_id, self.tokens[seat])[0]
            answer = self.api.command(self.game_id, self.tokens[seat], move)
            assert answer.status_code == 200, answer.text
            body = answer.json()
            acks.append(Ack(self.game_id, body["version"], body["chain_head"], time.time()))
        return acks


def tapis(urls: ServiceUrls, *args: str) -> subprocess.CompletedProcess[str]:
    """A `tapis` command as an operator runs it: only the servers configured (no test mode, the limits on)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("TAPIS_")}
    env |= {"DATABASE_URL": urls.database_url, "REDIS_URL": urls.redis_url}
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args],
        check=False,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def wait_until(condition: Any, what: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(0.1)


@contextlib.contextmanager
def drill_rig() -> Iterator[BackupRig]:
    # its own root under /tmp, which the server's user may enter (pytest's tmp_path is root's alone)
    root = Path(tempfile.mkdtemp(prefix="tapis-backup-drill-"))
    with contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, root, ignore_errors=True)
        # below the ephemeral range: the port must still be free when the node restarts after the restore
        (port,) = distinct_ports(1)
        rig = BackupRig(root, port, ARCHIVE_TIMEOUT)
        stack.callback(rig.stop)  # registered before the start: a start that fails half-way is stopped too
        yield rig.start()


def archived_past(rig: BackupRig, lsn: int) -> bool:
    """pgBackRest holds the WAL segment that contains `lsn` (and so every one before it)."""
    info = json.loads(rig.backrest("info", "--output=json"))
    newest = max((archive["max"] for archive in info[0]["archive"] if archive["max"]), default=None)
    end = segment_end(newest, 16 * 1024 * 1024) if newest else None
    return end is not None and end > lsn


def check_json(urls: ServiceUrls, rig: BackupRig) -> tuple[int, dict[str, Any]]:
    done = tapis(urls, "backup", "check", f"--config={rig.config}", "--json")
    return done.returncode, json.loads(done.stdout)


def failing(report: dict[str, Any]) -> set[str]:
    return {finding["check"] for finding in report["findings"] if not finding["ok"]}


def test_restore_drill(service_urls: ServiceUrls, capsys: pytest.CaptureFixture[str]) -> None:
    redis_url = redis_db_beside(service_urls.redis_url, 5)
    _flush_redis(redis_url)
    with drill_rig() as rig:
        urls = ServiceUrls(database_url=rig.url, redis_url=redis_url)
        migrated = tapis(urls, "migrate")
        assert migrated.returncode == 0, migrated.stderr

        # before any backup, and with archive_command failing: `tapis backup check` says both
        rig.sql("ALTER SYSTEM SET archive_command = '/bin/false'")
        rig.sql("SELECT pg_reload_conf()")
        rig.sql("CREATE TABLE drill_marker AS SELECT 1 AS x; SELECT pg_switch_wal()")
        wait_until(lambda: rig.sql("SELECT failed_count FROM pg_stat_archiver") != "0", "archive failure", 30)
        code, report = check_json(urls, rig)
        assert code == 1
        assert {"stanza", "backup", "archiving"} <= failing(report), report
        rig.sql("ALTER SYSTEM RESET archive_command")
        rig.sql("SELECT pg_reload_conf()")

        acks: list[Ack] = []
        with serving(urls) as base, local_http.client(base_url=base, timeout=30) as http:
            api = Tapis(http)
            tables = [Table(api) for _ in range(3)]
            for table in tables:
                acks += table.play(4)
            rig.backrest("--type=full", "backup")  # waits for its WAL to be archived: archiving works again

            tables += [Table(api) for _ in range(2)]
            for table in tables:
                acks += table.play(4)
            # the point in time, from Postgres' clock (what recovery compares commit times with), a quiet second on
            # either side so that no commit sits on it
            time.sleep(1)
            target = rig.sql("SELECT clock_timestamp()")
            target_lsn = parse_lsn(rig.sql("SELECT pg_current_wal_lsn()"))
            target_at = time.time()
            time.sleep(1)

            tables.append(Table(api))  # a game created after the point: absent once restored to it
            for table in tables:
                acks += table.play(3)
            # archive_timeout switches the segment that holds the point; without it there is nothing to recover to
            wait_until(lambda: archived_past(rig, target_lsn), "the point's WAL archived", 6 * ARCHIVE_TIMEOUT)
            for table in tables:
                acks += table.play(3)  # the last work: in WAL that is not archived yet when the server dies
            lost_at = time.time()
        before, after = [a for a in acks if a.at < target_at], [a for a in acks if a.at > target_at]
        rig.lose()

        # 1. the end of the archive: what survives of the acknowledged work is the RPO
        started = time.monotonic()
        rig.restore()
        rto_latest = time.monotonic() - started
        stored = {
            (row.split("|")[0], int(row.split("|")[1]), row.split("|")[2])
            for row in rig.sql("SELECT stream_id, version, chain FROM events").splitlines()
        }
        survived = [(a.game_id, a.version, a.chain_head) in stored for a in acks]
        assert all(survived[: len(before)]), "an acknowledged command from before the point did not survive"
        # WAL replays in order: what survives is every answer up to one, and none after it
        assert survived == sorted(survived, reverse=True), "the surviving commands are not a prefix"
        kept_latest = sum(survived)
        lost = acks[kept_latest:]
        rpo_window = lost_at - acks[kept_latest - 1].at if lost else 0.0
        assert rpo_window <= 3 * ARCHIVE_TIMEOUT, f"lost {rpo_window:.1f} s of work with archive_timeout"

        # 2. the point in time, as an operator restores it
        started = time.monotonic()
        rig.restore("--type=time", f"--target={target}", "--target-action=promote")
        restored = time.monotonic() - started
        heads = rig.root / "heads.jsonl"
        heads.write_text("".join(ack.line() + "\n" for ack in acks))
        # Redis still holds the projections from after the point: verify says so until they are rebuilt
        stale = tapis(urls, "backup", "verify", f"--heads={heads}", "--json")
        assert stale.returncode == 1, stale.stdout + stale.stderr
        assert stale.stdout, stale.stderr
        assert json.loads(stale.stdout)["projections_wrong"], stale.stdout + stale.stderr
        started = time.monotonic()
        rebuilt = tapis(urls, "rebuild")
        rto = restored + time.monotonic() - started
        assert rebuilt.returncode == 0, rebuilt.stderr

        doctor = tapis(urls, "doctor")
        assert doctor.returncode == 0, doctor.stdout + doctor.stderr
        verified = tapis(urls, "backup", "verify", f"--heads={heads}", "--json")
        assert verified.returncode == 0, verified.stdout + verified.stderr
        report = json.loads(verified.stdout)
        assert report["games"] == 5 and not report["broken"] and not report["projections_wrong"]
        assert report["heads"]["kept"] == [json.loads(a.line()) for a in before]
        lost_heads = [
            {key: head[key] for key in ("game_id", "version", "chain_head")} for head in report["heads"]["lost"]
        ]
        assert lost_heads == [json.loads(a.line()) for a in after]
        assert report["heads"]["forked"] == []
        code, check = check_json(urls, rig)
        assert code == 0, check
        text = tapis(urls, "backup", "verify").stdout.splitlines()
        assert text[0].startswith("ok    chains: 5 games, ") and text[0].endswith("; every chain holds"), text
        assert text[1:] == ["ok    projections: every game's at the store's version"], text

        # the restored store serves: each game at the head its players held at the point, and plays on
        last = {a.game_id: a for a in before}
        with serving(urls) as base, local_http.client(base_url=base, timeout=30) as http:
            api = Tapis(http)
            for game_id, ack in last.items():
                view = api.view(game_id)
                assert (view["version"], view["chain_head"]) == (ack.version, ack.chain_head)
            table = next(t for t in tables if t.game_id in last)
            table.api = api  # the first server's client is closed
            [next_ack] = table.play(1)
            assert next_ack.version > last[table.game_id].version
            assert api.view(table.game_id)["chain_head"] == next_ack.chain_head

        # and verify fails on what no restore should produce: an event changed under its link, a head nobody served
        tampered, other = sorted(last)[:2]
        rig.sql(f"UPDATE events SET data = '{{}}' WHERE stream_id = '{tampered}' AND version = 3")
        forged = rig.root / "forged.jsonl"
        forged.write_text(json.dumps({"game_id": other, "version": 2, "chain_head": "0" * 64}) + "\n")
        caught = tapis(urls, "backup", "verify", f"--heads={forged}", "--json")
        assert caught.returncode == 1, caught.stdout + caught.stderr
        found = json.loads(caught.stdout)
        assert [(b["game_id"], b["version"]) for b in found["broken"]] == [(tampered, 3)]
        assert [(f["game_id"], f["version"]) for f in found["heads"]["forked"]] == [(other, 2)]

    with capsys.disabled():
        print(
            f"\nrestore drill: {len(acks)} commands acknowledged, {len(before)} before the point in time.\n"
            f"  RPO (archive_timeout={ARCHIVE_TIMEOUT} s): the restore to the end of the archive lost {len(lost)} "
            f"acknowledged commands, the last {rpo_window:.1f} s of work before the crash "
            f"(restore and recovery took {rto_latest:.1f} s)\n"
            f"  RTO: pgbackrest restore --type=time + recovery to the point + tapis rebuild: {rto:.1f} s "
            f"(restore and recovery {restored:.1f} s)\n"
            f"  tapis doctor after the restore: {len(doctor.stdout.strip().splitlines())} checks, all ok"
        )
