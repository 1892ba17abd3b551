"""What pgBackRest says about a stanza: `pgbackrest --stanza=<name> info --output=json`, parsed.

pgBackRest (https://pgbackrest.org) takes the event store's base backups and archives its WAL (docs/backup-restore.md);
`tapis backup check` reads its report through this module. Only the fields the check uses are declared: msgspec
ignores the others, so a newer pgBackRest that adds fields still parses. The samples in tests/backup/samples/ are
pgBackRest 2.45's own output.
"""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime

import msgspec

__all__ = [
    "Backup",
    "InfoError",
    "Stanza",
    "last_good",
    "newest_wal",
    "parse_info",
    "read_info",
]

# the stanza's `status.code`: 0 ok; 2 "no valid backups" is the one an operator meets first (stanza created,
# nothing backed up); the others (1 missing stanza path, 3 missing stanza data, 4 different cipher, 5 database
# mismatch, 99 other) mean the repository is not the one this database archives to
STATUS_OK = 0


class InfoError(RuntimeError):
    """pgBackRest could not be run, failed, or printed something that is not its info report."""


class Status(msgspec.Struct, frozen=True):
    code: int
    message: str


class WalRange(msgspec.Struct, frozen=True):
    """A backup's WAL (`start` to `stop`: what a restore of it needs at least), or an archive's (`min` to `max`)."""

    start: str | None = None
    stop: str | None = None


class Timestamps(msgspec.Struct, frozen=True):
    start: int  # Unix seconds
    stop: int


class Lsn(msgspec.Struct, frozen=True):
    start: str
    stop: str


class Backup(msgspec.Struct, frozen=True):
    label: str
    type: str  # full, diff, incr
    timestamp: Timestamps
    archive: WalRange
    lsn: Lsn | None = None  # pgBackRest 2.32 on
    # a backup that found page checksum errors (pgBackRest 2.36 on): restorable, but the data it copied is damaged
    error: bool = False
    prior: str | None = None  # the backup a diff or incr was taken against

    @property
    def stopped(self) -> datetime:
        return datetime.fromtimestamp(self.timestamp.stop, UTC)


class Archive(msgspec.Struct, frozen=True):
    """The WAL segments held for one database version (`id` "15-1": PostgreSQL 15, the stanza's first database)."""

    id: str
    min: str | None = None
    max: str | None = None


class Stanza(msgspec.Struct, frozen=True):
    name: str
    status: Status
    archive: list[Archive] = []
    backup: list[Backup] = []


_decoder = msgspec.json.Decoder(list[Stanza])


def parse_info(blob: bytes) -> list[Stanza]:
    """The stanzas of an info report; InfoError when `blob` is not one."""
    try:
        return _decoder.decode(blob)
    except msgspec.DecodeError as exc:  # ValidationError is a DecodeError: a wrong shape and bad JSON alike
        raise InfoError(f"not a pgBackRest info report (--output=json): {exc}") from exc


def read_info(stanza: str, config: str | None = None, binary: str = "pgbackrest") -> bytes:
    """`pgbackrest info --output=json` for `stanza`, as it printed it."""
    command = [binary, *([f"--config={config}"] if config else []), f"--stanza={stanza}", "info", "--output=json"]
    try:
        done = subprocess.run(command, capture_output=True, timeout=120, check=False)  # noqa: S603 - our arguments
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise InfoError(f"{' '.join(command)}: {exc}") from exc
    if done.returncode != 0:
        raise InfoError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


def last_good(stanza: Stanza) -> Backup | None:
    """The most recent backup that ended without errors (the one a restore to now would start from)."""
    good = [backup for backup in stanza.backup if not backup.error]
    return max(good, key=lambda backup: backup.timestamp.stop, default=None)


def newest_wal(stanza: Stanza) -> str | None:
    """The newest WAL segment in the repository, over every database version it holds."""
    # segment names sort as the WAL does: timeline, then log and segment, in fixed-width hex
    return max((archive.max for archive in stanza.archive if archive.max), default=None)
