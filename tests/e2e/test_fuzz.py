"""Schemathesis over openapi.yaml against the running server: every operation, every check (schemathesis.toml),
bounded examples (TAPIS_FUZZ_EXAMPLES, 8 here, 100 in `make fuzz`). Zero 5xx, every response as the spec says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# slow: half a minute of fuzzing; `make fuzz` (100 examples), `make test-slow` and CI run it
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]


def schemathesis(server: str, phases: str, examples: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            str(Path(sys.executable).with_name("schemathesis")),
            "run",
            "openapi.yaml",
            "--url",
            server,
            "--checks",
            "all",
            "--max-examples",
            examples,
            "--workers",
            "1",
            "--generation-deterministic",
            "--phases",
            phases,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_schemathesis_finds_nothing(server: str) -> None:
    run = schemathesis(server, "examples,coverage,fuzzing", os.environ.get("TAPIS_FUZZ_EXAMPLES", "8"))
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def test_schemathesis_stateful_finds_nothing(server: str) -> None:
    """Sequences of calls along the spec's links (create -> join -> start -> command, api/openapi.py `LINKS`, and
    those schemathesis infers): the answers of one call feed the next, so the calls reach real games and seats."""
    run = schemathesis(server, "stateful", os.environ.get("TAPIS_FUZZ_STATEFUL_EXAMPLES", "200"))
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "API Links:" in run.stdout, run.stdout[-2000:]
