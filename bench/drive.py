"""`python -m bench.drive PORT CLIENTS SECONDS`: the HTTP benchmark's clients, in a process of their own.

Used by the profile (`bench/profile.py`), which must see only the server in its own process. Prints `ready`
once every client's game is open (created, joined, started and its moves worked out), then, after SECONDS of
play, the commands sent as JSON.
"""

from __future__ import annotations

import asyncio
import itertools
import sys

import msgspec

from bench.http_load import SCRIPTS, Game, ours, seeds


def main(argv: list[str]) -> int:
    port, clients, seconds = int(argv[0]), int(argv[1]), float(argv[2])
    games = itertools.cycle(seeds(SCRIPTS))
    table: list[Game] = []
    asyncio.run(ours(port, clients, games, 0.0, [], table))  # the games set up, none of their moves sent
    print("ready", flush=True)
    tally = asyncio.run(ours(port, clients, games, seconds, [], table))
    print(msgspec.json.encode({"commands": tally.count, "seconds": tally.seconds}).decode(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
