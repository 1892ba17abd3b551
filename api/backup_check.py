"""`tapis backup check`: is the event store recoverable right now? (docs/backup-restore.md)

Two witnesses, because each can be wrong alone: pgBackRest's report of its repository (the last good backup, the
newest WAL segment it holds) and Postgres' own view of its archiver (`pg_stat_archiver`: the last WAL it handed to
`archive_command` and whether that command is failing; `pg_current_wal_lsn()`: how far it has written). The WAL
written past the newest archived segment is what a loss of the database's disk would take with it; `--max-age`
bounds how long it may wait.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from api.operator_cli import CONNECT_SECONDS, Finding
from infra.pgbackrest import Stanza, last_good, newest_wal

__all__ = ["Archiver", "findings", "lsn_text", "parse_lsn", "read_archiver", "segment_end", "summary"]

MAX_AGE_SECONDS = 300.0  # above the archive_timeout docs/backup-restore.md recommends (60 s), with room for a retry
_SEGMENT = re.compile(r"[0-9A-F]{24}")
_LOG_SPAN = 0x1_0000_0000  # a WAL "log" id covers 4 GiB of LSN, whatever the segment size


@dataclass(frozen=True)
class Archiver:
    """What Postgres says about its WAL and its archiver, read in one statement (its clock included)."""

    archive_mode: str
    current_lsn: int
    segment_size: int
    last_archived_wal: str | None
    last_archived_at: datetime | None
    last_failed_wal: str | None
    last_failed_at: datetime | None
    failed_count: int
    now: datetime


def parse_lsn(text: str) -> int:
    high, low = text.split("/")
    return (int(high, 16) << 32) | int(low, 16)


def lsn_text(lsn: int) -> str:
    return f"{lsn >> 32:X}/{lsn & 0xFFFF_FFFF:X}"


def segment_end(name: str, segment_size: int) -> int | None:
    """The LSN just past WAL segment `name` (its first 24 hex digits: timeline, log, segment); None for a file that is
    not a segment (a timeline's `.history`)."""
    if not _SEGMENT.fullmatch(name[:24]):
        return None
    log, segment = int(name[8:16], 16), int(name[16:24], 16)
    return log * _LOG_SPAN + (segment + 1) * segment_size


_ARCHIVER_SQL = """
SELECT current_setting('archive_mode') AS archive_mode,
       pg_current_wal_lsn()::text AS current_lsn,
       (SELECT setting::bigint FROM pg_settings WHERE name = 'wal_segment_size') AS segment_size,
       a.last_archived_wal, a.last_archived_time, a.last_failed_wal, a.last_failed_time, a.failed_count,
       clock_timestamp() AS now
FROM pg_stat_archiver a
"""


async def read_archiver(url: str) -> Archiver:
    """Raises what asyncpg raises when Postgres cannot be reached or is a standby (no current WAL position there)."""
    import asyncpg

    conn = await asyncpg.connect(url, timeout=CONNECT_SECONDS)
    try:
        row = await conn.fetchrow(_ARCHIVER_SQL)
    finally:
        await conn.close()
    assert row is not None  # pg_stat_archiver has exactly one row
    return Archiver(
        archive_mode=row["archive_mode"],
        current_lsn=parse_lsn(row["current_lsn"]),
        segment_size=row["segment_size"],
        last_archived_wal=row["last_archived_wal"],
        last_archived_at=row["last_archived_time"],
        last_failed_wal=row["last_failed_wal"],
        last_failed_at=row["last_failed_time"],
        failed_count=row["failed_count"],
        now=row["now"],
    )


def _ago(at: datetime, now: datetime) -> str:
    return f"{at.isoformat(timespec='seconds')} ({(now - at).total_seconds():.0f} s ago)"


def findings(
    stanza: Stanza | None,
    info_problem: str | None,
    archiver: Archiver | None,
    postgres_problem: str | None,
    max_age: float = MAX_AGE_SECONDS,
) -> list[Finding]:
    """One finding a check: the repository (stanza, last good backup, newest WAL), then Postgres' archiving."""
    found: list[Finding] = []
    if stanza is None:
        found.append(Finding("stanza", False, info_problem or "no report from pgBackRest"))
    else:
        found.extend(_repository(stanza))
    if archiver is None:
        found.append(Finding("postgres", False, postgres_problem or "not read"))
    else:
        found.extend(_archiving(archiver, newest_wal(stanza) if stanza is not None else None, max_age))
    return found


def _repository(stanza: Stanza) -> list[Finding]:
    found = [
        Finding("stanza", stanza.status.code == 0, f"{stanza.name}: {stanza.status.message}"),
    ]
    good = last_good(stanza)
    if good is None:
        found.append(Finding("backup", False, "no good backup in the repository: run `pgbackrest backup --type=full`"))
    else:
        found.append(
            Finding(
                "backup",
                True,
                f"{good.type} {good.label}, stopped {good.stopped.isoformat(timespec='seconds')}, "
                f"WAL {good.archive.start} to {good.archive.stop}",
            )
        )
    newest = max(stanza.backup, key=lambda backup: backup.timestamp.stop, default=None)
    if newest is not None and newest.error:
        found.append(
            Finding(
                "backup_errors",
                False,
                f"the newest backup {newest.label} found page checksum errors: "
                "`pgbackrest verify` and the backup's log name the pages",
            )
        )
    wal = newest_wal(stanza)
    found.append(
        Finding("repository_wal", wal is not None, f"newest segment {wal}" if wal else "no WAL in the repository")
    )
    return found


def _archiving(archiver: Archiver, repository_wal: str | None, max_age: float) -> list[Finding]:
    found: list[Finding] = []
    if archiver.archive_mode not in {"on", "always"}:
        found.append(
            Finding("archive_mode", False, f"archive_mode is {archiver.archive_mode}: no WAL is archived at all")
        )
    failed_at, archived_at = archiver.last_failed_at, archiver.last_archived_at
    if failed_at is not None and (archived_at is None or failed_at > archived_at):
        found.append(
            Finding(
                "archiving",
                False,
                f"archive_command is failing: {archiver.last_failed_wal} failed at {_ago(failed_at, archiver.now)}"
                f"{'' if archived_at is None else f', last success {_ago(archived_at, archiver.now)}'}; "
                "the server's log says why (and pg_wal grows until it works)",
            )
        )
    else:
        found.append(
            Finding(
                "archiving",
                True,
                f"last archived {archiver.last_archived_wal} at {_ago(archived_at, archiver.now)}"
                if archived_at is not None
                else "nothing archived yet",
            )
        )
    found.append(_unarchived(archiver, repository_wal, max_age))
    return found


def _unarchived(archiver: Archiver, repository_wal: str | None, max_age: float) -> Finding:
    """The WAL a loss of the database's disk would take: written past the newest segment in the repository (what a
    restore can replay; Postgres' own last archived name when pgBackRest was not read)."""
    archived = repository_wal or archiver.last_archived_wal
    end = segment_end(archived, archiver.segment_size) if archived else None
    position = f"current WAL position {lsn_text(archiver.current_lsn)}"
    if end is None:
        return Finding("wal", False, f"{position}; no archived WAL segment to replay it from")
    pending = max(archiver.current_lsn - end, 0)
    if pending == 0:
        # nothing was written since the segment was archived: an idle database loses nothing however long ago
        return Finding("wal", True, f"{position}; everything up to it is archived ({archived})")
    age = (archiver.now - archiver.last_archived_at).total_seconds() if archiver.last_archived_at else None
    detail = f"{position}; {pending} bytes written past {archived}, the newest archived segment"
    if age is None or age > max_age:
        when = "never" if age is None else f"{age:.0f} s ago"
        return Finding("wal", False, f"{detail}, and the last archiving was {when} (over --max-age {max_age:g} s)")
    return Finding("wal", True, f"{detail}; archived {age:.0f} s ago (within --max-age {max_age:g} s)")


def summary(stanza: Stanza | None, archiver: Archiver | None, found: list[Finding]) -> dict[str, Any]:
    """What `--json` prints: the findings, the last good backup and the WAL positions."""
    good = last_good(stanza) if stanza is not None else None
    return {
        "ok": all(finding.ok for finding in found),
        "findings": [{"check": f.check, "ok": f.ok, "detail": f.detail} for f in found],
        "last_backup": None
        if good is None
        else {
            "label": good.label,
            "type": good.type,
            "stopped": good.stopped.isoformat(),
            "wal_start": good.archive.start,
            "wal_stop": good.archive.stop,
            "lsn_start": good.lsn.start if good.lsn else None,
            "lsn_stop": good.lsn.stop if good.lsn else None,
        },
        "repository_wal": newest_wal(stanza) if stanza is not None else None,
        "postgres": None
        if archiver is None
        else {
            "current_lsn": lsn_text(archiver.current_lsn),
            "last_archived_wal": archiver.last_archived_wal,
            "last_archived_at": archiver.last_archived_at.isoformat() if archiver.last_archived_at else None,
            "last_failed_wal": archiver.last_failed_wal,
            "last_failed_at": archiver.last_failed_at.isoformat() if archiver.last_failed_at else None,
            "failed_count": archiver.failed_count,
        },
    }
