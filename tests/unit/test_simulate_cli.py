"""`tapis simulate` as an operator runs it: deterministic for a seed, clear errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "api.cli", "simulate", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_same_seed_gives_the_same_figures_whatever_the_workers() -> None:
    common = ("six-nimmt", "--players", "3", "--games", "12", "--bots", "smart,random", "--seed", "cli", "--json")
    one, two = simulate(*common), simulate(*common, "--workers", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    for key in ("seats", "events", "commands", "level_win_rate"):
        assert first[key] == second[key]
    assert [s["bot"] for s in first["seats"]] == ["smart", "random", "random"]
    assert sum(s["win_rate"] for s in first["seats"]) == pytest.approx(1.0)
    assert first["games"] == 12 and first["events"] > first["commands"] > 0


def test_bad_input_is_refused_with_a_reason() -> None:
    unknown = simulate("poker", "--players", "3", "--games", "1")
    assert unknown.returncode == 2 and "invalid choice" in unknown.stderr
    options = simulate("six-nimmt", "--players", "3", "--games", "1", "--options", '{"deck": "tiny"}')
    assert options.returncode == 2 and "invalid_options" in options.stderr + options.stdout
    players = simulate("barbu", "--players", "2", "--games", "1")
    assert players.returncode == 2 and "invalid_players" in players.stderr + players.stdout
