"""`tapis verify FILE`: the whole audit of an exported game, offline: no server, no database (docs/fair-dealing.md).

Exit 0 when every check passes, 1 naming the first check that fails, 2 when the file is not a finished game's export
this code reads (the message names the problem).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from services.codec import codec
from services.export_check import CorruptExport, parse
from services.verify import NotFinished, verify


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    v = sub.add_parser("verify", help="re-execute an exported game offline (exit 1: a check fails, 2: bad file)")
    v.add_argument("file", help="an export document (tapis export, GET /v1/games/{id}/export); - for stdin")
    v.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        blob = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    return verify_file(blob)


def verify_file(blob: bytes) -> int:
    try:
        document, recorded, _ = parse(blob)
        verified = verify(codec(document.game), recorded)
    except (CorruptExport, NotFinished) as exc:
        print(f"malformed export: {exc}", file=sys.stderr)
        return 2
    print(f"{document.game} {document.game_id}: {len(recorded)} events, dealing {verified.created.dealing}")
    for c in verified.checks:
        state = "ok" if c.ok else "FAILED"
        print(f"{c.name:>13}  {state if c.applies else 'n/a':<6}  {c.detail}")
    failed = verified.first_failure
    if failed is not None:
        print(f"FAILED {failed.name}: {failed.detail}", file=sys.stderr)
        return 1
    fair = verified.created.dealing > 1 and verified.created.seed_source == "server"
    print("verified: every check passed" + ("" if fair else " (the deal was not drawn by dealing 2's server seed)"))
    return 0
