"""Bots off the request path (docs/reliability.md, "Bots"): what a bot-only game's `start` costs, and what a
person's command costs while bot-only games play on in the background.

`python -m bench.bots [--games 10] [--caps 10000,4] [--starts 3]`: for each per-request cap
(TAPIS_BOT_MOVES_PER_REQUEST; 10,000 plays a whole game inside its `start`, as every request did before the cap),
a `tapis serve` on a fresh database of DATABASE_URL/REDIS_URL (else embedded servers, `bench/servers.py`), which
then times over HTTP:

1. `POST /start` of a bot-only barbu game (three smart bots), `--starts` times, and how long each game takes to
   finish (polling its view every 50 ms);
2. a person's `POST /commands` in a six-nimmt game of two people (the moves read from `/legal-moves`, untimed):
   first alone, then while `--games` bot-only barbu games are created and started at once and play to their end.

It prints one block per cap. The client is this process, on the same cores as the server, Postgres and Redis.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

from bench.http_client import Connection
from bench.http_load import start_server as serve
from bench.http_load import stop_server
from bench.machine import describe
from bench.servers import bench_servers
from infra.embedded import ServiceUrls

ROOT = Path(__file__).resolve().parents[1]
BOTS = 3
LONG: dict[str, Any] = {"end": {"kind": "rounds", "rounds": 20}}  # a person's game that outlasts the load


def start_server(urls: ServiceUrls, cap: int) -> tuple[subprocess.Popen[bytes], int]:
    return serve(urls, {"TAPIS_BOT_MOVES_PER_REQUEST": str(cap), "TAPIS_RATE_FAILED_AUTH": "0"})


async def health(port: int) -> int:
    async with Connection("127.0.0.1", port) as conn:
        status, _ = await conn.request("GET", "/v1/health")
        return status


async def call(conn: Connection, method: str, path: str, payload: object = None, token: str | None = None) -> Any:
    return await conn.json(method, path, payload, token)


async def bot_game(port: int) -> tuple[str, float, float, int]:
    """A bot-only barbu game: (id, seconds its `start` took, seconds until it was finished, events)."""
    async with Connection("127.0.0.1", port) as conn:
        created = await call(conn, "POST", "/v1/games", {"game": "barbu", "players": BOTS})
        game_id, admin = created["game_id"], created["admin_token"]
        for _ in range(BOTS):
            await call(conn, "POST", f"/v1/games/{game_id}/seats", {"bot": "smart"}, admin)
        began = time.perf_counter()
        started = await call(conn, "POST", f"/v1/games/{game_id}/start", None, admin)
        start = time.perf_counter() - began
        view = started
        while view["status"] != "finished":
            await asyncio.sleep(0.05)
            view = await call(conn, "GET", f"/v1/games/{game_id}")
        return game_id, start, time.perf_counter() - began, view["version"]


class Person:
    """Two people at a six-nimmt table, one connection: each command timed, its legal moves read untimed."""

    def __init__(self, conn: Connection, game_id: str, tokens: list[str]) -> None:
        self.conn, self.game_id, self.tokens = conn, game_id, tokens

    @classmethod
    async def seated(cls, conn: Connection) -> Person:
        created = await call(conn, "POST", "/v1/games", {"game": "six-nimmt", "players": 2, "options": LONG})
        game_id = created["game_id"]
        tokens = [
            (await call(conn, "POST", f"/v1/games/{game_id}/seats", {"name": name}))["player_token"]
            for name in ("ann", "bob")
        ]
        await call(conn, "POST", f"/v1/games/{game_id}/start", None, created["admin_token"])
        return cls(conn, game_id, tokens)

    async def command(self) -> float | None:
        """One command's seconds; None when the game is over."""
        view = await call(self.conn, "GET", f"/v1/games/{self.game_id}")
        if view["status"] != "active":
            return None
        token = self.tokens[view["awaiting"][0]]
        moves = (await call(self.conn, "GET", f"/v1/games/{self.game_id}/legal-moves", None, token))["moves"]
        body = msgspec.json.encode(moves[0])
        began = time.perf_counter()
        status, answer = await self.conn.request("POST", f"/v1/games/{self.game_id}/commands", body, token)
        seconds = time.perf_counter() - began
        assert status == 200, answer
        return seconds


def figures(seconds: list[float]) -> str:
    if not seconds:
        return "no command"
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"{len(ms)} commands, median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms"


async def measure(port: int, games: int, starts: int) -> list[str]:
    lines = []
    for _ in range(starts):
        _, start, finished, events = await bot_game(port)
        lines.append(
            f"bot-only barbu ({BOTS} smart bots, {events} events): start answered in {start * 1000:.0f} ms, "
            f"finished after {finished:.2f} s"
        )
    async with Connection("127.0.0.1", port) as conn:
        person = await Person.seated(conn)
        alone = [s for _ in range(30) if (s := await person.command()) is not None]
        lines.append(f"a person's command, alone: {figures(alone)}")
        began = time.perf_counter()
        load = [asyncio.create_task(bot_game(port)) for _ in range(games)]
        loaded: list[float] = []
        while not all(task.done() for task in load):
            seconds = await person.command()
            if seconds is None:
                person = await Person.seated(conn)
                continue
            loaded.append(seconds)
        done = [task.result() for task in load]
        wall = time.perf_counter() - began
        lines.append(
            f"a person's command while {games} bot-only barbu games start and play: {figures(loaded)}; "
            f"the {games} starts answered in {min(d[1] for d in done):.2f}..{max(d[1] for d in done):.2f} s, "
            f"all finished after {wall:.1f} s ({sum(d[3] for d in done)} events)"
        )
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bots")
    parser.add_argument("--games", type=int, default=10, help="bot-only games started at once under the person")
    parser.add_argument("--caps", default="10000,4", help="TAPIS_BOT_MOVES_PER_REQUEST values, comma-separated")
    parser.add_argument("--starts", type=int, default=3, help="bot-only games timed alone")
    args = parser.parse_args(argv)
    for line in describe():
        print(line)
    with bench_servers() as (urls, origin):
        print(f"Postgres and Redis: {origin}", flush=True)
        for cap in (int(c) for c in args.caps.split(",")):
            process, port = start_server(urls, cap)
            try:
                print(f"\nTAPIS_BOT_MOVES_PER_REQUEST={cap}", flush=True)
                for line in asyncio.run(measure(port, args.games, args.starts)):
                    print(f"- {line}", flush=True)
            finally:
                stop_server(process)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
