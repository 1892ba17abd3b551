"""`python -m bench.compare CLIENTS SIDE [SIDE ...] [--rounds N] [--seconds S]`: the HTTP benchmark, several servers.

A SIDE is a git revision (or `.` for the working tree, or the path of a copy of a tree), optionally followed by
comma-separated variations of how that tree is served:
- `NAME=VALUE` (a name in capitals): an environment setting, e.g. `.,TAPIS_POOL_SIZE=20`;
- `--flag` or `--flag=value`: an argument of `tapis serve`, after the benchmark's own (`--log-level warning`), so
  `.,--log-level=info` serves with a line per response, as `tapis serve` does by default;
- `granian`: the same app under Granian (ASGI, uvloop, one worker) in place of uvicorn, for an A/B of the HTTP
  server alone (api/server.py's protections are uvicorn's: see docs/benchmarks.md).
So `python -m bench.compare 16 . .,--log-level=info .,granian HEAD` measures four servers in one run.

Each revision other than `.` is checked out into a temporary worktree and served by its own process (this venv's
packages, that tree's code); rounds of 2 s (`--seconds`) then go to each server in turn and to the floor, six times
(`--rounds`), the order rotated every round, so the machine's drift weighs on every side alike. A side's games are
kept from one round to the next, as in `make bench`. Prints commands/s, the ratio to the floor, p50/p99 latency
beside the floor's, and the server's CPU time per command (the setup requests of its games included), which a busy
machine blurs less. What a change gains is measured this way, not by comparing two `make bench` runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import http_load
from bench.servers import bench_servers
from infra.embedded import ServiceUrls

ROUNDS = 6
SECONDS = 2.0


@dataclass(frozen=True)
class Side:
    """One server of the comparison: its tree, its environment, its `tapis serve` arguments or another server."""

    spec: str
    revision: str
    env: dict[str, str] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    granian: bool = False

    @classmethod
    def parse(cls, spec: str) -> Side:
        revision, *items = spec.split(",")
        env: dict[str, str] = {}
        args: list[str] = []
        granian = False
        for item in items:
            if item == "granian":
                granian = True
            elif item.startswith("--"):
                args.extend(item.split("=", 1))
            elif "=" in item and item.split("=", 1)[0].isupper():
                name, value = item.split("=", 1)
                env[name] = value
            else:
                raise ValueError(f"{spec!r}: {item!r} is neither NAME=VALUE, --flag[=value] nor granian")
        if granian and args:
            raise ValueError(f"{spec!r}: tapis serve arguments do not apply to granian")
        return cls(spec, revision or ".", env, args, granian)

    def command(self) -> Callable[[int], list[str]]:
        def argv(port: int) -> list[str]:
            if self.granian:
                # the factory reads the settings from the environment, as `tapis serve --workers N`'s workers do
                return [
                    sys.executable, "-m", "granian", "--interface", "asgi", "--factory", "api.app:app_from_env",
                    "--host", "127.0.0.1", "--port", str(port), "--loop", "uvloop", "--log-level", "warning",
                ]  # fmt: skip
            serve = [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--log-level", "warning"]
            return [*serve, *self.args]

        return argv

    def environment(self) -> dict[str, str]:
        # under granian no uvicorn logger sets the level: the app's own setting does (api/logs.py)
        return {"TAPIS_LOG_LEVEL": "warning", **self.env} if self.granian else self.env


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) of a process and of its live descendants (`--workers N`), from /proc: on a
    machine shared with other work, what a request costs the server is read here better than in commands/s."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        children = [
            int(child)
            for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()
        ]
    except OSError:
        return 0.0  # gone meanwhile
    own = sum(int(value) for value in fields[11:13]) / TICKS  # utime, stime (field 14 and 15 of stat)
    return own + sum(cpu_seconds(child) for child in children)


@contextlib.contextmanager
def trees(revisions: list[str]) -> Iterator[list[Path]]:
    root = Path(tempfile.mkdtemp(prefix="tapis-compare-"))
    made: dict[str, Path] = {}
    try:
        paths = []
        for rev in revisions:
            if rev == ".":
                paths.append(http_load.ROOT)
                continue
            if Path(rev).is_dir():  # a copy of a tree (another engineer's work is in no commit yet)
                paths.append(Path(rev).resolve())
                continue
            if rev not in made:
                path = root / f"{len(made)}"
                subprocess.run(
                    ["git", "worktree", "add", "--detach", "-q", str(path), rev], cwd=http_load.ROOT, check=True
                )
                made[rev] = path
            paths.append(made[rev])
        yield paths
    finally:
        for path in made.values():
            subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=http_load.ROOT, check=False)


def measure(
    urls: ServiceUrls, sides: list[Side], paths: list[Path], clients: int, rounds: int, seconds: float
) -> dict[str, Any]:
    """The sides (each served from its tree in `paths`) and the floor in alternating rounds: their figures."""
    games = itertools.cycle(http_load.seeds(http_load.SCRIPTS))
    root = http_load.ROOT
    servers = []
    try:
        for side, path in zip(sides, paths, strict=True):
            http_load.ROOT = path
            servers.append(http_load.start_server(urls, side.environment(), side.command()))
        http_load.ROOT = root
        for _, port in servers:
            asyncio.run(http_load.ours(port, 4, games, 1.0, []))  # warm: statements prepared, caches filled
        tallies = [http_load.Tally() for _ in servers]
        latencies: list[list[float]] = [[] for _ in servers]
        tables: list[list[http_load.Game]] = [[] for _ in servers]
        cpu = [0.0 for _ in servers]
        floor, floor_latencies = http_load.Tally(), list[float]()
        turns = [*range(len(servers)), -1]  # -1: the floor
        for round_ in range(rounds):
            shift = round_ % len(turns)
            for turn in turns[shift:] + turns[:shift]:
                if turn < 0:
                    floor.add(asyncio.run(http_load.floor(urls, clients, seconds, floor_latencies)))
                    continue
                process, port = servers[turn]
                round_tally = http_load.ours(port, clients, games, seconds, latencies[turn], tables[turn])
                before = cpu_seconds(process.pid)
                tallies[turn].add(asyncio.run(round_tally))
                cpu[turn] += cpu_seconds(process.pid) - before
    finally:
        http_load.ROOT = root
        for process, _ in servers:
            http_load.stop_server(process)
    return {
        "clients": clients,
        "floor": http_load.figures(floor, floor_latencies),
        "sides": [
            {"spec": side.spec, **http_load.figures(tally, timed), "cpu_us": used / max(1, tally.count) * 1e6}
            for side, tally, timed, used in zip(sides, tallies, latencies, cpu, strict=True)
        ],
    }


def lines(result: dict[str, Any]) -> list[str]:
    base = result["floor"]
    shown = [
        f"floor: {base['per_s']:,.0f} ops/s at {result['clients']} clients, p50 {base['p50_ms']:.1f} ms, "
        f"p99 {base['p99_ms']:.1f} ms"
    ]
    for side in result["sides"]:
        shown.append(
            f"{side['spec']}: {side['per_s']:,.0f} commands/s, {side['per_s'] / base['per_s']:.3f} of the floor, "
            f"p50 {side['p50_ms']:.1f} ms, p99 {side['p99_ms']:.1f} ms ({side['p99_ms'] / base['p99_ms']:.2f}x "
            f"the floor's), {side['cpu_us']:,.0f} µs of server CPU per command"
        )
    return shown


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__.split("\n", 1)[0])
    parser.add_argument("clients", type=int)
    parser.add_argument("sides", nargs="+", metavar="SIDE")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="alternating rounds (a busy machine wants more)")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="each side's time in a round")
    options = parser.parse_args(argv)
    try:
        sides = [Side.parse(spec) for spec in options.sides]
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    with trees([side.revision for side in sides]) as paths, bench_servers() as (urls, _):
        result = measure(urls, sides, paths, options.clients, options.rounds, options.seconds)
    print("\n".join(lines(result)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
