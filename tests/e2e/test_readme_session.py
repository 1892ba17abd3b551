"""The README's curl session, run as written with bash against a `tapis serve`, and every output it claims checked.

The fenced `bash` block of "A session with curl" is cut into its statements (a line, a line continued by `\\`, a
`for`/`while` loop to its `done`); each runs in order in one bash process under `set -eo pipefail` (a failing line
stops the session, as it would stop a reader), behind a marker that tells its output from the next one's. Where the
README shows what a line prints (a trailing `# "active"`, `# 304`, or a `# → {...}` block), the test compares. The
only change to the text is the port of `API=`: the server is the test's own, started as a new user's would be
(production mode, no `TAPIS_TEST_MODE`: the server draws the seed, so the audit must say `fair`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from infra.embedded import ServiceUrls
from tests.e2e.conftest import serving

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DEFAULT_API = "API=http://127.0.0.1:8000/v1"
HEX64 = re.compile(r"^[0-9a-f]{64}$")


def session_block(text: str) -> str:
    """The first ```bash block after the heading "A session with curl"."""
    section = text.split("## A session with curl", 1)[1]
    match = re.search(r"^```bash\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    assert match is not None, "no ```bash block in the README's curl session"
    return match.group(1)


class Statement:
    def __init__(self, text: str) -> None:
        self.text = text
        self.claim: list[str] = []  # the `# → ...` lines under it: what the README says it prints

    @property
    def trailing(self) -> str | None:
        """The comment closing the statement's last line (`... | jq .status    # "active"`)."""
        last = self.text.rsplit("\n", 1)[-1]
        match = re.search(r"\s#\s+(.*)$", last)
        return match.group(1).strip() if match else None


def statements(block: str) -> list[Statement]:
    out: list[Statement] = []
    lines = iter(block.splitlines())
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            # a claimed output (`# → ...` and its indented continuation lines) belongs to the statement above it
            if out and (stripped.startswith("# →") or (out[-1].claim and stripped.startswith("#   "))):
                out[-1].claim.append(stripped.removeprefix("# →").removeprefix("#").strip())
            continue
        text = [line]
        depth = 1 if re.match(r"^(for|while)\b", stripped) else 0
        while text[-1].rstrip().endswith("\\") or depth:
            more = next(lines)
            text.append(more)
            if re.match(r"^\s*(for|while)\b", more):
                depth += 1
            if re.match(r"^\s*done\b", more):
                depth -= 1
        out.append(Statement("\n".join(text)))
    return out


def run_session(block: str, api: str, cwd: Path) -> tuple[list[Statement], list[str], dict[str, str]]:
    assert block.count(DEFAULT_API) == 1, f"the session no longer starts with {DEFAULT_API}"
    parts = statements(block.replace(DEFAULT_API, f"API={api}"))
    script = ["set -eo pipefail"]
    for i, statement in enumerate(parts):
        script += [f"printf '\\n@@%s\\n' {i}", statement.text]
    # what the test reads back of the shell's own state (never printed by the README)
    script += [
        "printf '\\n@@vars\\n'",
        'printf "CARD=%s\\nV=%s\\nT0=%s\\nSEATS=%s\\n" "$CARD" "$V" "$T0" "$(wc -l < seats.jsonl)"',
    ]
    run = subprocess.run(
        ["bash", "-c", "\n".join(script)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"},
    )
    chunks = re.split(r"\n@@(\d+|vars)\n", "\n" + run.stdout)
    outputs = dict(zip(chunks[1::2], chunks[2::2], strict=True))
    assert run.returncode == 0, (
        f"the session stopped (exit {run.returncode}):\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    )
    variables = dict(line.split("=", 1) for line in outputs.pop("vars").splitlines() if "=" in line)
    return parts, [outputs[str(i)].strip("\n") for i in range(len(parts))], variables


def one(parts: list[Statement], needle: str) -> int:
    found = [i for i, statement in enumerate(parts) if needle in statement.text]
    assert len(found) == 1, f"{needle!r} is in {len(found)} statements of the session"
    return found[0]


def matches(claimed: Any, actual: Any, card: int, path: str = "") -> None:
    """`actual` is what the README claims, but for its examples: a `…` hash is any hash, and `card` is the card
    the session picked (the README shows the 9 it was dealt once)."""
    if isinstance(claimed, dict):
        assert isinstance(actual, dict) and set(actual) == set(claimed), f"{path}: {actual} vs {claimed}"
        for key, value in claimed.items():
            if key == "card":
                assert actual[key] == card, f"{path}.card"
            else:
                matches(value, actual[key], card, f"{path}.{key}")
    elif isinstance(claimed, list):
        assert isinstance(actual, list) and len(actual) == len(claimed), f"{path}: {actual} vs {claimed}"
        for i, (c, a) in enumerate(zip(claimed, actual, strict=True)):
            matches(c, a, card, f"{path}[{i}]")
    elif isinstance(claimed, str) and claimed.endswith("…"):
        assert isinstance(actual, str) and HEX64.match(actual), f"{path}: {actual!r} is no hash"
    else:
        assert actual == claimed, f"{path}: {actual!r}, the README says {claimed!r}"


@pytest.fixture(scope="module")
def production_server(migrated_urls: ServiceUrls) -> Iterator[str]:
    with serving(migrated_urls, {"TAPIS_TEST_MODE": "0"}) as base:
        yield base


def test_the_readme_session_runs_and_prints_what_it_says(production_server: str, tmp_path: Path) -> None:
    missing = [tool for tool in ("bash", "curl", "jq", "openssl") if shutil.which(tool) is None]
    if missing:
        # a developer's machine may lack them (skipped, saying so); CI must have them, or the README goes unchecked
        message = f"the README's session needs {', '.join(missing)} (apt-get install -y {' '.join(missing)})"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # the reader's working directory is a clone: the session calls .venv/bin/tapis and verifier/ from there, and
    # writes seats.jsonl and game.json beside them (here in a directory of the test's own)
    (tmp_path / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)
    (tmp_path / "verifier").symlink_to(ROOT / "verifier", target_is_directory=True)
    parts, outputs, variables = run_session(session_block(README.read_text()), f"{production_server}/v1", tmp_path)
    card, seen = int(variables["CARD"]), int(variables["V"])

    # one join answer a line, so that T0 is one token
    assert variables["SEATS"].strip() == "4"
    assert re.fullmatch(r"\S+", variables["T0"]), variables["T0"]

    start = one(parts, "/start")
    assert parts[start].trailing == '"active"'
    assert outputs[start] == parts[start].trailing

    legal = json.loads(outputs[one(parts, 'legal-moves -H "Authorization: Bearer $T0"')])
    assert len(legal) == 3
    assert all(move["type"] == "play_card" for move in legal)

    command = one(parts, "my-first-move")
    assert parts[command].claim, "the README shows the command's answer"
    claimed = json.loads("".join(parts[command].claim))
    answer = json.loads(outputs[command])
    matches(claimed, answer, card)
    assert answer["chain_head"] == answer["events"][-1]["chain"]
    assert answer["version"] == seen + 2

    etag = re.fullmatch(r'etag: "(\d+)"', outputs[one(parts, "grep -i etag")].strip(), re.IGNORECASE)
    assert etag is not None and int(etag.group(1)) == seen + 2

    cached = one(parts, "If-None-Match")
    assert parts[cached].trailing == "304"
    assert outputs[cached] == "304"

    last = json.loads(outputs[one(parts, "/events?after=0")])
    assert last["type"] == "CardChosen"
    assert last["data"] == {"seat": 0, "card": card}  # seat 0's own card: not redacted for its own bearer

    rows = json.loads(outputs[one(parts, "/replay?version=$V")])
    assert len(rows) == 4 and all(len(row) == 1 for row in rows)  # before the move: the four cards that start rows

    final = json.loads(outputs[one(parts, "{status, scores, winners, seed}")])
    assert final["status"] == "finished"
    assert len(final["scores"]) == 4
    assert final["winners"] == [seat for seat, s in enumerate(final["scores"]) if s == min(final["scores"])]
    assert HEX64.match(final["seed"])

    audit = json.loads(outputs[one(parts, "/audit")])
    assert audit["ok"] is True
    assert audit["fair"] is True
    assert audit["checks"] and all(check["ok"] for check in audit["checks"])

    verified = one(parts, "tapis verify game.json")
    assert parts[verified].claim, "the README shows what the verifiers print"
    for line in parts[verified].claim:
        assert line in outputs[verified], f"{line!r} not in:\n{outputs[verified]}"
    # then the standalone verifier's table, up to its own "verified:" lines: one check a line, the rules' checks said
    # partial or not run (it does not know the rules)
    standalone = outputs[verified].split("verified: every check passed", 1)[1].split("\nverified: ", 1)[0]
    table = standalone.strip().splitlines()
    assert table, outputs[verified]
    assert all(re.match(r"^\S+\s+(ok|n/a|partial|not_run)\s", row) for row in table), table
