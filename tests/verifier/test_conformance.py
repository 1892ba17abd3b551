"""The conformance corpus (verifier/conformance/, docs/fair-play.md): every verifier gives every file the verdict and
code of expected.json.

- `tapis verify --json` (api.verify_command, in process; the command line once per exit status);
- `/audit` after `tapis import` (services.exports.import_, then services.auditor.audit, on in-memory services): an
  import refused as malformed or for a failed check counts as that code;
- the standalone verifier as an auditor runs it (`python -I verifier/tapis_verify.py --json FILE`);
- the web verifier (web/src/verify/, bundled for Node by web/test/verify-files.mjs --codes).

The last two do not know the games' rules: they give `code_without_rules`, and `ok` as the verdict where that is `ok`.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from api.cli import main
from api.verify_command import verdict_of
from bootstrap import in_memory
from services.export import FailedVerification
from services.export_check import CorruptExport
from services.verify import CHECKS
from tests.plain import plain
from tests.verifier.tamper import VERIFIER
from tools import conformance

CORPUS = Path(__file__).resolve().parents[2] / "verifier" / "conformance"
EXPECTED: dict[str, dict[str, str]] = json.loads((CORPUS / "expected.json").read_text())
FILES = sorted(EXPECTED)
WEB = Path(__file__).resolve().parents[2] / "web"
NODE = shutil.which("node")
GAMES = ("six-nimmt", "le-baron", "barbu", "daron", "bohnanza")
# Where the verifiers disagree today, each a strict xfail: it fails the day they agree, so that the mark goes
WEB_DISAGREES: dict[str, str] = {}
TAPIS_DISAGREES: dict[str, str] = {}
IMPORT_DISAGREES: dict[str, str] = {}


def blob(name: str) -> bytes:
    return (CORPUS / name).read_bytes()


def without_rules(name: str) -> tuple[str, str]:
    """What a verifier that does not know the rules must say of the file: (verdict, code)."""
    want = EXPECTED[name]
    code = want["code_without_rules"]
    return ("ok" if code == "ok" else want["verdict"]), code


def known(disagreements: dict[str, str]) -> list[Any]:
    """The files, those of `disagreements` as strict xfails."""
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=disagreements[name]))
        if name in disagreements
        else name
        for name in FILES
    ]


def test_the_corpus_holds_what_expected_json_lists() -> None:
    """Every file listed, each honest game of the five, forgeries of every kind of code; small enough to commit."""
    files = {p.name for p in CORPUS.glob("*.json")} - {"expected.json"}
    assert files == set(EXPECTED)
    honest = {name for name, want in EXPECTED.items() if want["verdict"] == "ok"}
    assert {f"{game}.json" for game in GAMES} <= honest
    assert {want["verdict"] for want in EXPECTED.values()} == {"ok", "failed", "malformed"}
    checks = {want["code"] for want in EXPECTED.values() if want["verdict"] == "failed"}
    assert checks == {"protocol", "reveals", "chain", "re_execution", "bot_moves"}
    assert all(w["code_without_rules"] in (w["code"], "ok") for w in EXPECTED.values())
    assert sum((CORPUS / name).stat().st_size for name in files) < 3 * 2**20


def test_the_generator_writes_the_same_bytes_again() -> None:
    """tools/conformance.py stands in for the CSPRNG and the clock: a game played twice is exported to one text, the
    same run after run (a corpus rewritten by unchanged code does not change)."""
    plan = conformance.PLANS["six-nimmt-withheld"]
    first, again = (asyncio.run(conformance.play("six-nimmt-withheld", plan)) for _ in range(2))
    assert first == again
    assert json.loads(first)["fairness"] == "committed"


@pytest.mark.parametrize("name", known(TAPIS_DISAGREES))
def test_tapis_verify(name: str) -> None:
    verdict = verdict_of(blob(name))
    want = EXPECTED[name]
    assert (verdict["verdict"], verdict["code"]) == (want["verdict"], want["code"]), verdict.get("message", verdict)


@pytest.mark.parametrize(
    ("name", "status"), [("six-nimmt.json", 0), ("reveal-mismatch.json", 1), ("card-17-0.json", 2)]
)
def test_tapis_verify_json_on_the_command_line(name: str, status: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--json", str(CORPUS / name)]) == status
    printed = json.loads(capsys.readouterr().out)
    assert (printed["verdict"], printed["code"]) == (EXPECTED[name]["verdict"], EXPECTED[name]["code"])


async def audited(document: bytes) -> tuple[str, str]:
    """(verdict, code) of /audit once the file is imported; an import refused says why instead."""
    services = in_memory()
    try:
        game_id = await services.exports.import_(document)
    except CorruptExport as exc:  # a check the import runs before it verifies, or a malformed file
        return ("failed" if exc.code in CHECKS else "malformed"), exc.code
    except FailedVerification as exc:
        return "failed", exc.code
    report = plain(await services.auditor.audit(game_id))
    failed = next((c["name"] for c in report["checks"] if not c["ok"]), None)
    return ("ok", "ok") if failed is None else ("failed", failed)


@pytest.mark.parametrize("name", known(IMPORT_DISAGREES))
def test_the_audit_after_an_import(name: str) -> None:
    want = EXPECTED[name]
    assert asyncio.run(audited(blob(name))) == (want["verdict"], want["code"])


@pytest.mark.parametrize("name", FILES)
def test_the_standalone_verifier(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-I", str(VERIFIER), "--json", str(CORPUS / name)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    verdict = json.loads(done.stdout)
    assert (verdict["verdict"], verdict["code"]) == without_rules(name), done.stderr
    assert done.returncode == {"ok": 0, "failed": 1, "malformed": 2}[verdict["verdict"]]


@pytest.fixture(scope="module")
def web_codes() -> dict[str, dict[str, Any]]:
    if NODE is None or not (WEB / "node_modules" / "esbuild").is_dir():
        pytest.skip("the web verifier runs in Node: needs node and web/node_modules (cd web && npm ci)")
    done = subprocess.run(
        [NODE, "test/verify-files.mjs", "--codes", str(CORPUS)],
        cwd=WEB,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    codes: dict[str, dict[str, Any]] = json.loads(done.stdout)
    return codes


@pytest.mark.parametrize("name", known(WEB_DISAGREES))
def test_the_web_verifier(name: str, web_codes: dict[str, dict[str, Any]]) -> None:
    found = web_codes[name]
    assert (found["verdict"], found["code"]) == without_rules(name)
