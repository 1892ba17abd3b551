"""The audit page's verifier (web/src/verify/, TypeScript on WebCrypto) against rules/dealing.md and the Python one.

1. `node --test web/test/verify.test.mjs`: rules/dealing.md's test vectors (shuffles, commitments, deal key) and the
   chain's definition, on the bundle the page runs.
2. Real finished games of the five games that Tapis played and exported (tests/verifier's `play`), the golden
   corpus as format 1 exports (dealing 1, no chain), and each attacker's edit of tests/verifier/tamper.py and a few
   more: the browser verifier must give exactly what `verifier/tapis_verify.py` gives, check by check, status and
   detail, or call the file malformed where it does.

Needs Node (20+, for its WebCrypto) and web/node_modules (`cd web && npm ci`); skips, saying so, without them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.verifier import tamper
from tests.verifier.test_standalone import CORPUS, MORE_PLAYS, PLAYS

WEB = Path(__file__).resolve().parents[2] / "web"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(
    NODE is None or not (WEB / "node_modules" / "esbuild").is_dir(),
    reason="needs node and web/node_modules (cd web && npm ci)",
)


def node(*args: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run([NODE, *args], cwd=WEB, capture_output=True, text=True, timeout=300, check=False)


def test_the_vectors_of_dealing_md_on_the_browser_verifier() -> None:
    done = node("--test", "test/verify.test.mjs")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout


def edit(blob: bytes, change: Any, rechained: bool = False) -> bytes:
    document = tamper.decode(blob)
    change(document)
    edited = tamper.encode(document)
    return tamper.rechain(edited) if rechained and tamper.chained(document) else edited


def set_seed(document: dict[str, Any]) -> None:
    document["seed"] = "ab" * 32
    next(e for e in document["events"] if e["type"] == "GameEnded")["data"]["seed"] = "ab" * 32


def first_data(type_: str, field: str, value: Any) -> Any:
    def change(document: dict[str, Any]) -> None:
        next(e for e in document["events"] if e["type"] == type_)["data"][field] = value

    return change


def variants(exports: dict[str, bytes]) -> dict[str, bytes]:
    """Each game as exported, and edited as an attacker (or a broken disk) would."""
    files: dict[str, bytes] = {}
    for name, blob in exports.items():
        files[name] = blob
        if name in MORE_PLAYS:  # the larger tables as exported: their deals (the edits are the same code paths)
            continue
        if b'"type":"CardsDealt"' in blob:  # tamper.py edits around the first deal (a six-nimmt pro game drafts)
            files[f"{name}.swap_hands"] = tamper.swap_hands(blob)
            files[f"{name}.chosen_deal"] = tamper.chosen_deal(blob)
            files[f"{name}.forge_scores"] = tamper.forge_scores(blob)
            files[f"{name}.remove_event"] = tamper.remove_event(blob)
            files[f"{name}.reorder_events"] = tamper.reorder_events(blob)
            files[f"{name}.reorder_rechained"] = tamper.reorder_events(blob, rechained=True)
        files[f"{name}.flip_byte"] = tamper.flip_byte(blob)
        files[f"{name}.seed"] = edit(blob, set_seed)
        if b'"type":"DeckShuffled"' in blob:
            files[f"{name}.label"] = edit(blob, first_data("DeckShuffled", "label", "shuffle:7"), rechained=True)
            files[f"{name}.order"] = edit(blob, reverse_order, rechained=True)
        files[f"{name}.entropy"] = edit(blob, first_data("GameStarted", "entropy", ["x"] * 9), rechained=True)
        files[f"{name}.head"] = edit(blob, lambda d: d.update(chain_head="00" * 32))
        files[f"{name}.dealing"] = edit(blob, lambda d: d.update(dealing=1))
        files[f"{name}.unfinished"] = edit(blob, lambda d: d.update(finished=False))
        files[f"{name}.no_field"] = edit(blob, lambda d: d.pop("created_at"))
        files[f"{name}.truncated"] = blob[: len(blob) // 2]
    for name, blob in list(CORPUS.items())[:6]:
        files[f"corpus.{name}"] = blob
        files[f"corpus.{name}.seed"] = edit(blob, set_seed)
        files[f"corpus.{name}.swap_hands"] = tamper.swap_hands(blob)
    return files


def reverse_order(document: dict[str, Any]) -> None:
    shuffled = next(e for e in document["events"] if e["type"] == "DeckShuffled")["data"]
    shuffled["order"] = shuffled["order"][::-1]


def python_verdict(blob: bytes, head: str | None = None) -> dict[str, Any]:
    try:
        checks = tamper.verifier.verify(blob, head)
    except tamper.verifier.Malformed:
        return {"malformed": True}
    return {"results": [{"name": n, "status": s, "detail": d} for n, s, d in checks]}


def browser_verdicts(tmp_path: Path, files: dict[str, bytes], *head: str) -> dict[str, dict[str, Any]]:
    paths = []
    for name, blob in files.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(blob)
        paths.append(str(path))
    done = node("test/verify-files.mjs", *(("--head", head[0]) if head else ()), *paths)
    assert done.returncode == 0, done.stderr
    verdicts = {}
    for line in done.stdout.splitlines():
        verdict = json.loads(line)
        name = Path(verdict.pop("file")).name.removesuffix(".json")
        verdicts[name] = {"malformed": True} if "malformed" in verdict else verdict
    return verdicts


def test_the_browser_verifier_agrees_with_the_python_one(tmp_path: Path, exports: dict[str, bytes]) -> None:
    files = variants(exports)
    browser = browser_verdicts(tmp_path, files)
    assert set(browser) == set(files)
    for name, blob in files.items():
        assert browser[name] == python_verdict(blob), name
    # and the verdicts are the expected ones: the games as exported pass; a changed seed fails the commitment, a
    # byte flipped in the file the chain, at the event that holds it
    for name in exports:
        assert all(r["status"] != "FAILED" for r in browser[name]["results"]), name
    for name in PLAYS:
        assert browser[f"{name}.seed"]["results"][-1]["name"] == "commitment"
        flipped = browser[f"{name}.flip_byte"]["results"][-1]
        assert (flipped["name"], flipped["status"]) == ("chain", "FAILED")
        assert "(PlayerJoined): its chain is not SHA-256" in flipped["detail"]


def test_a_kept_head_is_found_or_not(tmp_path: Path, exports: dict[str, bytes]) -> None:
    blob = exports["six-nimmt"]
    kept = tamper.last_chain(blob)
    for head in (kept, "00" * 32):
        browser = browser_verdicts(tmp_path, {"game": blob}, head)
        assert browser["game"] == python_verdict(blob, head)
    assert browser_verdicts(tmp_path, {"game": blob}, kept)["game"]["results"][-1]["status"] == "ok"
