"""The audit page's verifier (web/src/verify/, TypeScript on WebCrypto) against docs/fair-play.md, the conformance
corpus and the standalone Python verifier.

1. `node --test web/test/verify.test.mjs`: the test vectors of docs/fair-play.md (dealing 3: commitments, deal key,
   chain key, JCS bytes, link) and docs/fair-dealing.md (dealing 1 and 2), and the strict reader's codes, on the
   bundle the page runs.
2. verifier/conformance/: every file's verdict and code are what expected.json says a verifier without the games'
   rules gives (`code_without_rules`); and its honest games with a byte or a JSON value changed at random (300 files)
   get the standalone verifier's verdict and code.
3. Real finished games of the five games that Tapis played and exported, the golden corpus as format 1 exports, each
   attacker's edit of tests/verifier/tamper.py and bytes changed at random: the browser verifier's verdict and code
   are exactly `verifier/tapis_verify.py`'s, file by file. The codes are the contract; each verifier words its
   messages itself.

Needs Node (20+, for its WebCrypto) and web/node_modules (`cd web && npm ci`); skips, saying so, without them.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.verifier import tamper
from tests.verifier.test_standalone import CORPUS, MORE_PLAYS, PLAYS

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
CONFORMANCE = ROOT / "verifier" / "conformance"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(
    NODE is None or not (WEB / "node_modules" / "esbuild").is_dir(),
    reason="needs node and web/node_modules (cd web && npm ci)",
)


def node(*args: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run([NODE, *args], cwd=WEB, capture_output=True, text=True, timeout=300, check=False)


def test_the_vectors_of_fair_play_md_on_the_browser_verifier() -> None:
    done = node("--test", "test/verify.test.mjs")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout


def browser_codes(*paths: Path | str, head: str | None = None) -> dict[str, dict[str, str]]:
    """{file name: {verdict, code}} from the browser verifier: `node web/test/verify-files.mjs --codes PATH...`."""
    done = node("test/verify-files.mjs", "--codes", *(("--head", head) if head else ()), *map(str, paths))
    assert done.returncode == 0, done.stdout + done.stderr
    codes: dict[str, dict[str, str]] = json.loads(done.stdout)
    return codes


def python_code(blob: bytes, head: str | None = None) -> dict[str, str]:
    found = tamper.verifier.verify(blob, head)
    return {"verdict": found.verdict, "code": found.code}


@pytest.mark.skipif(not (CONFORMANCE / "expected.json").is_file(), reason="verifier/conformance/ is not built yet")
def test_the_conformance_corpus() -> None:
    expected: dict[str, dict[str, Any]] = json.loads((CONFORMANCE / "expected.json").read_text())
    browser = browser_codes(CONFORMANCE)
    assert set(browser) == set(expected)
    for name, want in expected.items():
        code = want["code_without_rules"]
        # a forgery only the rules see (re_execution, bot_moves, scores) passes every check a verifier without them runs
        verdict = want["verdict"] if want["verdict"] == "malformed" or code != "ok" else "ok"
        assert browser[name] == {"verdict": verdict, "code": code}, name


VALUES: list[Any] = [0, -1, 2**53 - 1, "", "x", "ab" * 32, True, None, [], {}, [1, "a"], {"a": 1}, 2, 3]


def changed_value(document: Any, rng: random.Random) -> None:
    """One value somewhere in the document (the events near the start, where the lobby and the deal are) replaced by
    another of any kind, removed, or given a sibling: what a careless tool or a forger does to a JSON file."""
    found: list[tuple[Any, Any]] = []

    def walk(value: Any, depth: int) -> None:
        items = value.items() if isinstance(value, dict) else enumerate(value[:12] if depth == 1 else value[:6])
        for key, item in items:
            found.append((value, key))
            if isinstance(item, dict | list):
                walk(item, depth + 1)

    walk(document, 0)
    parent, key = rng.choice(found)
    roll = rng.random()
    if roll < 0.7 or not isinstance(parent, dict):
        parent[key] = rng.choice(VALUES)
    elif roll < 0.85:
        del parent[key]
    else:
        parent["extra"] = 1


@pytest.mark.skipif(not (CONFORMANCE / "expected.json").is_file(), reason="verifier/conformance/ is not built yet")
def test_changed_conformance_games_get_the_python_verifiers_codes(tmp_path: Path) -> None:
    expected: dict[str, dict[str, Any]] = json.loads((CONFORMANCE / "expected.json").read_text())
    honest = sorted(name for name, want in expected.items() if want["verdict"] == "ok")
    rng = random.Random(28)
    files: dict[str, bytes] = {}
    for i in range(150):
        blob = (CONFORMANCE / rng.choice(honest)).read_bytes()
        files[f"bytes{i}.json"] = mutated(blob, rng)
        document = json.loads(blob)
        changed_value(document, rng)
        files[f"value{i}.json"] = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode()
    for name, blob in files.items():
        (tmp_path / name).write_bytes(blob)
    browser = browser_codes(tmp_path)
    assert {name: browser[name] for name in files if browser[name] != python_code(files[name])} == {}


def edit(blob: bytes, change: Any, rechained: bool = False) -> bytes:
    document = tamper.decode(blob)
    change(document)
    return tamper.finish(document, rechained and tamper.chained(document))


def set_seed(document: dict[str, Any]) -> None:
    document["seed"] = "ab" * 32
    next(e for e in document["events"] if e["type"] == "GameEnded")["data"]["seed"] = "ab" * 32


def first_data(type_: str, field: str, value: Any) -> Any:
    def change(document: dict[str, Any]) -> None:
        next(e for e in document["events"] if e["type"] == type_)["data"][field] = value

    return change


def reverse_order(document: dict[str, Any]) -> None:
    shuffled = next(e for e in document["events"] if e["type"] == "DeckShuffled")["data"]
    shuffled["order"] = shuffled["order"][::-1]


def mutated(blob: bytes, rng: random.Random) -> bytes:
    """One byte changed to one that JSON gives a meaning to: a digit, a bracket, a quote, a sign."""
    changed = bytearray(blob)
    changed[rng.randrange(len(changed))] = rng.choice(b'0123456789abcdef{}[]",:.-eE tfn\\')
    return bytes(changed)


def variants(exports: dict[str, bytes]) -> dict[str, bytes]:
    """Each game as exported, and edited as an attacker (or a broken disk) would."""
    files: dict[str, bytes] = {}
    for name, blob in exports.items():
        files[name] = blob
        files[f"{name}.pretty"] = json.dumps(json.loads(blob), indent=2, sort_keys=True).encode()
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
        files[f"{name}.metadata"] = edit(blob, lambda d: d["events"][0]["metadata"].update(actor="lobby"))
        files[f"{name}.head"] = edit(blob, lambda d: d.update(chain_head="00" * 32))
        files[f"{name}.dealing"] = edit(blob, lambda d: d.update(dealing=1))
        files[f"{name}.fairness"] = edit(blob, lambda d: d.update(fairness="committed"))
        files[f"{name}.unfinished"] = edit(blob, lambda d: d.update(finished=False))
        files[f"{name}.no_field"] = edit(blob, lambda d: d.pop("created_at"))
        files[f"{name}.truncated"] = blob[: len(blob) // 2]
        rng = random.Random(name)
        for i in range(12):
            files[f"{name}.byte{i}"] = mutated(blob, rng)
    for name, blob in list(CORPUS.items())[:6]:
        files[f"corpus.{name}"] = blob
        files[f"corpus.{name}.seed"] = edit(blob, set_seed)
        files[f"corpus.{name}.swap_hands"] = tamper.swap_hands(blob)
    return files


def test_the_browser_verifier_gives_the_python_ones_codes(tmp_path: Path, exports: dict[str, bytes]) -> None:
    files = variants(exports)
    for name, blob in files.items():
        (tmp_path / f"{name}.json").write_bytes(blob)
    browser = browser_codes(tmp_path)
    assert set(browser) == {f"{name}.json" for name in files}
    python = {name: python_code(blob) for name, blob in files.items()}  # once a file: the verifier is the cost
    differing = {
        name: (browser[f"{name}.json"], python[name]) for name in files if browser[f"{name}.json"] != python[name]
    }
    assert not differing
    # and the codes are the expected ones: the games as exported (or pretty-printed) pass; a changed seed fails the
    # commitment, a byte flipped inside an event the chain
    for name in exports:
        assert browser[f"{name}.json"] == browser[f"{name}.pretty.json"] == {"verdict": "ok", "code": "ok"}, name
    for name in PLAYS:
        assert browser[f"{name}.seed.json"]["code"] == "commitment"
        assert browser[f"{name}.metadata.json"] == {"verdict": "failed", "code": "chain"}
        assert browser[f"{name}.truncated.json"] == {"verdict": "malformed", "code": "not_json"}


def test_a_kept_head_is_found_or_not(exports: dict[str, bytes], tmp_path: Path) -> None:
    blob = exports["six-nimmt"]
    path = tmp_path / "game.json"
    path.write_bytes(blob)
    kept = tamper.last_chain(blob)
    assert browser_codes(path, head=kept)["game.json"] == python_code(blob, kept) == {"verdict": "ok", "code": "ok"}
    other = "00" * 32
    assert (
        browser_codes(path, head=other)["game.json"]
        == python_code(blob, other)
        == {"verdict": "failed", "code": "head"}
    )
