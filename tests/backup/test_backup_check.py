"""`tapis backup check`'s reading of pgBackRest's report and of Postgres' archiver, without servers.

The three samples are pgBackRest 2.45's own `info --output=json`, captured from a real stanza on Debian's
PostgreSQL 15 (the same set-up as test_restore_drill.py): before `stanza-create`, after it, and after a full and a
differential backup. Only the `error` flag of a damaged backup is written here by hand (from the full sample), since
a backup that finds page checksum errors cannot be made on purpose on a healthy disk.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import msgspec
import pytest

from api.backup_check import Archiver, findings, lsn_text, parse_lsn, segment_end, summary
from api.operator_cli import Finding
from infra.pgbackrest import InfoError, Stanza, last_good, newest_wal, parse_info

SAMPLES = Path(__file__).parent / "samples"
SEGMENT = 16 * 1024 * 1024
NOW = datetime(2026, 12, 3, 13, 5, tzinfo=UTC)


def sample(name: str) -> Stanza:
    [stanza] = parse_info((SAMPLES / f"pgbackrest-info-{name}.json").read_bytes())
    return stanza


def archiver(**changes: Any) -> Archiver:
    # the sample's database a minute after its diff backup: WAL 0/6000000 is the start of segment ...06, so nothing
    # is written past ...05, the newest archived segment
    values: dict[str, Any] = {
        "archive_mode": "on",
        "current_lsn": parse_lsn("0/6000000"),
        "segment_size": SEGMENT,
        "last_archived_wal": "000000010000000000000005.00000028.backup",
        "last_archived_at": NOW - timedelta(seconds=60),
        "last_failed_wal": None,
        "last_failed_at": None,
        "failed_count": 0,
        "now": NOW,
    }
    return Archiver(**(values | changes))


def by_check(found: list[Finding]) -> dict[str, tuple[bool, str]]:
    return {f.check: (f.ok, f.detail) for f in found}


def test_full_and_diff_sample_parses_to_the_last_good_backup() -> None:
    stanza = sample("full-diff")
    assert (stanza.name, stanza.status.code, stanza.status.message) == ("tapis", 0, "ok")
    assert [(b.type, b.label) for b in stanza.backup] == [
        ("full", "20261203-130405F"),
        ("diff", "20261203-130405F_20261203-130409D"),
    ]
    good = last_good(stanza)
    assert good is not None
    assert good.type == "diff" and good.prior == "20261203-130405F"
    assert good.stopped == datetime.fromtimestamp(1796303050, UTC)
    assert (good.archive.start, good.archive.stop) == ("000000010000000000000005", "000000010000000000000005")
    assert good.lsn is not None and (good.lsn.start, good.lsn.stop) == ("0/5000028", "0/5000100")
    assert newest_wal(stanza) == "000000010000000000000005"


def test_an_errored_backup_is_never_the_last_good_one() -> None:
    raw = msgspec.json.decode((SAMPLES / "pgbackrest-info-full-diff.json").read_bytes())
    raw[0]["backup"][1]["error"] = True
    [stanza] = parse_info(msgspec.json.encode(raw))
    good = last_good(stanza)
    assert good is not None and good.type == "full"
    found = by_check(findings(stanza, None, archiver(), None))
    assert found["backup"][0] and "full 20261203-130405F" in found["backup"][1]
    assert found["backup_errors"] == (
        False,
        "the newest backup 20261203-130405F_20261203-130409D found page checksum errors: "
        "`pgbackrest verify` and the backup's log name the pages",
    )


def test_no_backup_yet_fails_with_the_reason() -> None:
    stanza = sample("no-backup")
    assert (stanza.status.code, stanza.status.message) == (2, "no valid backups")
    assert last_good(stanza) is None and newest_wal(stanza) is None
    found = by_check(findings(stanza, None, archiver(), None))
    assert found["stanza"] == (False, "tapis: no valid backups")
    assert found["backup"][0] is False and "no good backup" in found["backup"][1]
    assert found["repository_wal"] == (False, "no WAL in the repository")


def test_missing_stanza_path_fails() -> None:
    stanza = sample("missing-stanza")
    assert (stanza.status.code, stanza.status.message, stanza.archive, stanza.backup) == (
        1,
        "missing stanza path",
        [],
        [],
    )
    assert by_check(findings(stanza, None, None, "DATABASE_URL is not set"))["stanza"] == (
        False,
        "tapis: missing stanza path",
    )


@pytest.mark.parametrize("blob", [b"", b"ERROR: [056]: unable to find primary cluster", b'{"name": "tapis"}', b"[{}]"])
def test_what_is_not_an_info_report_is_refused(blob: bytes) -> None:
    with pytest.raises(InfoError, match="not a pgBackRest info report"):
        parse_info(blob)


def test_a_healthy_sample_passes_every_check() -> None:
    found = findings(sample("full-diff"), None, archiver(), None)
    assert all(f.ok for f in found), found
    assert by_check(found)["wal"] == (
        True,
        "current WAL position 0/6000000; everything up to it is archived (000000010000000000000005)",
    )
    shown = summary(sample("full-diff"), archiver(), found)
    assert shown["ok"] is True
    assert shown["last_backup"]["wal_stop"] == "000000010000000000000005"
    assert shown["postgres"]["current_lsn"] == "0/6000000"


def test_failing_archive_command_fails() -> None:
    failing = archiver(
        last_failed_wal="000000010000000000000006",
        last_failed_at=NOW - timedelta(seconds=5),
        failed_count=3,
    )
    ok, detail = by_check(findings(sample("full-diff"), None, failing, None))["archiving"]
    assert not ok
    assert detail.startswith("archive_command is failing: 000000010000000000000006 failed at 2026-12-03T13:04:55")
    # a failure that a later success followed is history, not a problem
    recovered = archiver(last_failed_wal="000000010000000000000004", last_failed_at=NOW - timedelta(seconds=90))
    assert by_check(findings(sample("full-diff"), None, recovered, None))["archiving"][0]


def test_unarchived_wal_older_than_max_age_fails_and_idle_wal_does_not() -> None:
    written = archiver(current_lsn=parse_lsn("0/6001000"), last_archived_at=NOW - timedelta(seconds=400))
    ok, detail = by_check(findings(sample("full-diff"), None, written, None, max_age=300))["wal"]
    assert not ok
    assert detail == (
        "current WAL position 0/6001000; 4096 bytes written past 000000010000000000000005, the newest archived "
        "segment, and the last archiving was 400 s ago (over --max-age 300 s)"
    )
    assert by_check(findings(sample("full-diff"), None, written, None, max_age=500))["wal"][0]
    # nothing written since the segment was archived: however old, nothing would be lost
    idle = archiver(last_archived_at=NOW - timedelta(days=2))
    assert by_check(findings(sample("full-diff"), None, idle, None, max_age=300))["wal"][0]


def test_archiving_off_fails() -> None:
    found = by_check(findings(sample("full-diff"), None, archiver(archive_mode="off"), None))
    assert found["archive_mode"] == (False, "archive_mode is off: no WAL is archived at all")


def test_wal_arithmetic() -> None:
    assert parse_lsn("1/2A") == (1 << 32) + 0x2A
    assert lsn_text(parse_lsn("16/B374D848")) == "16/B374D848"
    assert segment_end("000000010000000000000005", SEGMENT) == parse_lsn("0/6000000")
    # a log id spans 4 GiB: segment FF of log 0 ends where log 1 begins
    assert segment_end("0000000200000000000000FF", SEGMENT) == parse_lsn("1/0")
    assert segment_end("000000010000000100000000.00000028.backup", SEGMENT) == parse_lsn("1/1000000")
    assert segment_end("00000002.history", SEGMENT) is None
