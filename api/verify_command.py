"""`tapis verify FILE`: the whole audit of an exported game, offline: no server, no database (docs/fair-play.md).

Exit 0 when every check passes, 1 naming the first check that fails, 2 when the file is not a finished game's export
this code reads (its malformed code names the problem). `--json` prints the verdict and its stable code, as every
verifier of the conformance corpus does (verifier/conformance/); `--head HEX` also requires a chain head kept
during the game to be one of the export's links.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import msgspec

from services.codec import codec
from services.export_check import CorruptExport, parse
from services.strict_json import MAX_BYTES
from services.verify import NotFinished, Unfoldable, verify


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    v = sub.add_parser("verify", help="re-execute an exported game offline (exit 1: a check fails, 2: bad file)")
    v.add_argument("file", help="an export document (tapis export, GET /v1/games/{id}/export); - for stdin")
    v.add_argument("--json", action="store_true", help="print the verdict, its code and every check as JSON")
    v.add_argument("--head", help="a chain head you kept during the game: it must be one of the export's links")
    v.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        # one byte past the bound is enough to refuse a file as too large, without reading the rest into memory
        with sys.stdin.buffer if args.file == "-" else Path(args.file).open("rb") as source:
            blob = source.read(MAX_BYTES + 1)
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    return verify_file(blob, as_json=args.json, head=args.head)


def verify_file(blob: bytes, as_json: bool = False, head: str | None = None) -> int:
    verdict = verdict_of(blob, head)
    if as_json:
        print(msgspec.json.encode(verdict).decode())
    else:
        say(verdict)
    return {"ok": 0, "failed": 1}.get(verdict["verdict"], 2)


def verdict_of(blob: bytes, head: str | None = None) -> dict[str, Any]:
    """The verdict on a file: `ok`, `failed` (the first failed check's code) or `malformed` (the problem's code)."""
    try:
        document, recorded, _ = parse(blob)
        verified = verify(codec(document.game), recorded)
    except CorruptExport as exc:
        return {"verdict": "malformed", "code": exc.code, "message": str(exc)}
    except NotFinished as exc:
        return {"verdict": "malformed", "code": "not_finished", "message": str(exc)}
    except Unfoldable as exc:
        return {"verdict": "failed", "code": "re_execution", "message": str(exc)}
    checks = [msgspec.to_builtins(c) for c in verified.checks]
    if head is not None:
        kept = head.strip().lower()
        found = any(r.chain == kept for r in recorded)
        checks.append({"name": "head", "ok": found, "detail": f"the kept head {kept} is one of the links: {found}"})
    failed = next((c for c in checks if not c["ok"]), None)
    return {
        "verdict": "ok" if failed is None else "failed",
        "code": "ok" if failed is None else failed["name"],
        "game": document.game,
        "game_id": document.game_id,
        "events": len(recorded),
        "dealing": verified.created.dealing,
        "fairness": verified.table.fairness,
        "fair": failed is None and verified.fair,
        "checks": checks,
    }


def say(verdict: dict[str, Any]) -> None:
    if verdict["verdict"] == "malformed":
        print(f"malformed export ({verdict['code']}): {verdict['message']}", file=sys.stderr)
        return
    if "message" in verdict:  # failed before any check could run: the events do not fold
        print(f"FAILED {verdict['code']}: {verdict['message']}", file=sys.stderr)
        return
    print(f"{verdict['game']} {verdict['game_id']}: {verdict['events']} events, dealing {verdict['dealing']}")
    for c in verdict["checks"]:
        state = "ok" if c["ok"] else "FAILED"
        print(f"{c['name']:>13}  {state if c.get('applies', True) else 'n/a':<6}  {c['detail']}")
    if verdict["verdict"] == "failed":
        failed = next(c for c in verdict["checks"] if not c["ok"])
        print(f"FAILED {failed['name']}: {failed['detail']}", file=sys.stderr)
        return
    level = verdict["fairness"]
    meaning = {
        "committed": "fair: a person's committed entropy fixed the deal",
        "open": "not proven fair: the entropy was public when sent, so the operator and the last joiner could have"
        " chosen the deal",
        "server": "not proven fair: no person's entropy, the server's seed alone dealt",
        "client": "not fair: the creator chose the seed (test mode)",
    }.get(level, level)
    print(f"fairness: {level} ({meaning})")
    print("verified: every check passed")  # the last line, as scripts and the README's session read it
