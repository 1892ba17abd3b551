"""`tapis backup check` and `tapis backup verify` (docs/backup-restore.md).

`check` asks pgBackRest for its repository's report (or reads one from `--info FILE`) and Postgres for its archiver,
prints one line a check and exits 1 when there is no good backup, archiving fails, or WAL written past the newest
archived segment has waited longer than `--max-age`. `verify` checks a restored event store: every chain, every
projection, and the heads clients kept (`--heads FILE`); exit 1 on a broken chain, a stale projection or a forked
head. Both exit 2 when they cannot start (no DATABASE_URL, an unreadable file).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

import msgspec

from api import backup_check, backup_verify
from infra.pgbackrest import InfoError, Stanza, parse_info, read_info
from infra.settings import Settings

STANZA = os.environ.get("TAPIS_PGBACKREST_STANZA", "tapis")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    backup = sub.add_parser("backup", help="the event store's backups: check them, verify a restore")
    on_backup = backup.add_subparsers(dest="backup_command", required=True)
    c = on_backup.add_parser(
        "check", help="last good backup and WAL archiving (exit 1: no good backup, archiving failing or late)"
    )
    c.add_argument("--stanza", default=STANZA, help="pgBackRest's stanza (TAPIS_PGBACKREST_STANZA, default tapis)")
    c.add_argument("--config", help="pgBackRest's configuration file, when not its default one")
    c.add_argument("--info", metavar="FILE", help="a saved `pgbackrest info --output=json` (- for stdin), not a run")
    c.add_argument(
        "--max-age",
        type=float,
        default=backup_check.MAX_AGE_SECONDS,
        metavar="SECONDS",
        help="longest wait allowed for written WAL to be archived",
    )
    c.add_argument("--json", action="store_true", help="one JSON object")
    c.set_defaults(run=check)
    v = on_backup.add_parser(
        "verify", help="after a restore: chains, projections, the heads clients kept (exit 1 on a problem)"
    )
    v.add_argument("--heads", metavar="FILE", help='JSON lines {"game_id", "version", "chain_head"} (- for stdin)')
    v.add_argument("--json", action="store_true", help="one JSON object")
    v.set_defaults(run=verify)


def _read(path: str) -> str | None:
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text()
    except OSError as exc:
        print(f"cannot read {path}: {exc.strerror}", file=sys.stderr)
        return None


def _stanza(args: argparse.Namespace) -> tuple[Stanza | None, str | None]:
    try:
        if args.info:
            text = _read(args.info)
            if text is None:
                return None, f"cannot read {args.info}"
            blob = text.encode()
        else:
            blob = read_info(args.stanza, args.config)
        stanzas = parse_info(blob)
    except InfoError as exc:
        return None, str(exc)
    for stanza in stanzas:
        if stanza.name == args.stanza:
            return stanza, None
    return None, f"no stanza {args.stanza} in pgBackRest's report (it has: {', '.join(s.name for s in stanzas)})"


def check(args: argparse.Namespace) -> int:
    stanza, info_problem = _stanza(args)
    url = Settings.from_env().database_url
    archiver, postgres_problem = None, "DATABASE_URL is not set: archiving not checked"
    if url:
        try:
            archiver = asyncio.run(backup_check.read_archiver(url))
        except Exception as exc:  # refused, timeout, a standby: each says archiving cannot be read here
            postgres_problem = f"cannot read the archiver: {type(exc).__name__}: {exc}"
    found = backup_check.findings(stanza, info_problem, archiver, postgres_problem, args.max_age)
    if args.json:
        print(msgspec.json.format(msgspec.json.encode(backup_check.summary(stanza, archiver, found))).decode())
    else:
        for finding in found:
            print(f"{'ok  ' if finding.ok else 'FAIL'}  {finding.check}: {finding.detail}")
    failed = sum(not finding.ok for finding in found)
    if failed:
        print(f"tapis backup check: {failed} problem{'s' if failed > 1 else ''}", file=sys.stderr)
    return 1 if failed else 0


def verify(args: argparse.Namespace) -> int:
    settings = Settings.from_env()
    if not (settings.database_url and settings.redis_url):
        print("tapis backup verify: set DATABASE_URL and REDIS_URL to the restored servers", file=sys.stderr)
        return 2
    heads: list[backup_verify.Head] = []
    if args.heads:
        text = _read(args.heads)
        if text is None:
            return 2
        try:
            heads = backup_verify.parse_heads(text)
        except backup_verify.HeadsError as exc:
            print(f"tapis backup verify: {args.heads}: {exc}", file=sys.stderr)
            return 2
    found = backup_verify.run(settings, heads)
    if args.json:
        print(msgspec.json.format(msgspec.json.encode(found.as_dict())).decode())
    else:
        print("\n".join(found.lines()))
    return 0 if found.ok else 1
