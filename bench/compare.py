"""`python -m bench.compare CLIENTS REV [REV ...]`: the HTTP benchmark for several commits in one run.

Each REV (a git revision, or `.` for the working tree) is checked out into a temporary worktree and served by
its own `tapis serve` (this venv's packages, that tree's code); rounds of 2 s then go to each server in turn and
to the floor, six times, so the machine's drift weighs on every side alike. Prints commands/s and the ratio to
the floor for each. What a change gains is measured this way, not by comparing two `make bench` runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from bench import http_load
from bench.servers import bench_servers

ROUNDS = 6
SECONDS = 2.0


@contextlib.contextmanager
def trees(revisions: list[str]) -> Iterator[list[Path]]:
    root = Path(tempfile.mkdtemp(prefix="tapis-compare-"))
    made: list[Path] = []
    try:
        paths = []
        for n, rev in enumerate(revisions):
            if rev == ".":
                paths.append(http_load.ROOT)
                continue
            path = root / f"{n}"
            subprocess.run(["git", "worktree", "add", "--detach", "-q", str(path), rev], cwd=http_load.ROOT, check=True)
            made.append(path)
            paths.append(path)
        yield paths
    finally:
        for path in made:
            subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=http_load.ROOT, check=False)


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    clients, revisions = int(argv[0]), argv[1:]
    games = itertools.cycle(http_load.scripts(http_load.SCRIPTS))
    with trees(revisions) as paths, bench_servers() as (urls, _):
        servers = []
        try:
            for path in paths:
                http_load.ROOT = path
                servers.append(http_load.start_server(urls))
            for _, port in servers:
                asyncio.run(http_load.ours(port, 4, games, 1.0, []))  # warm: statements prepared, caches filled
            tallies = [http_load.Tally() for _ in servers]
            floor = http_load.Tally()
            for _ in range(ROUNDS):
                for tally, (_, port) in zip(tallies, servers, strict=True):
                    tally.add(asyncio.run(http_load.ours(port, clients, games, SECONDS, [])))
                floor.add(asyncio.run(http_load.floor(urls, clients, SECONDS, [])))
        finally:
            for process, _ in servers:
                http_load.stop_server(process)
    base = floor.count / floor.seconds
    print(f"floor: {base:,.0f} ops/s at {clients} clients")
    for rev, tally in zip(revisions, tallies, strict=True):
        rate = tally.count / tally.seconds
        print(f"{rev}: {rate:,.0f} commands/s, {rate / base:.3f} of the floor")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
