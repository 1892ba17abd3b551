"""The peer people pick instead: boardgame.io 0.50 with its Postgres storage adapter (bgio-postgres), on our Postgres.

bench/peers/bgio/ holds six-nimmt written as a boardgame.io game (the same rules and defaults as ours: reduced
deck, four players, game over at 66; hidden hands through `playerView`), its server (boardgame.io's own Server,
one Node process, as a portal would run it) and a load generator of our shape (load.js): `clients` concurrent
clients each playing whole four-player games as all four players, one move at a time over boardgame.io's
socket.io transport, each move timed from its send to the acting player's state update. bench/http_load.py runs
it as a third side in its alternating rounds, so ours, the floor and boardgame.io share the machine's minutes.

Needs Node.js and npm (the dependencies are installed from the lockfile into bench/peers/bgio/node_modules on
first use); without them the HTTP section says so and leaves the peer out.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import time
from pathlib import Path

import asyncpg

from bench.servers import with_database
from infra.embedded import ServiceUrls

PEER = Path(__file__).resolve().parent / "peers" / "bgio"
DATABASE = "tapis_bench_bgio"


def missing() -> str | None:
    """Why the peer cannot run here, or None."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "Node.js and npm are not installed"
    return None


def install() -> None:
    if not (PEER / "node_modules" / "boardgame.io").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=PEER, check=True)


async def _fresh_database(url: str) -> None:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{DATABASE}"')
    finally:
        await connection.close()


class Server:
    """boardgame.io's server on its own fresh database beside ours (its tables are made by its adapter), and its
    load generator, one process for every round (Node's start-up is never in a round)."""

    def __init__(self, urls: ServiceUrls, port: int) -> None:
        self.urls = urls
        self.port = port
        self.process: subprocess.Popen[str] | None = None
        self.generator: subprocess.Popen[str] | None = None

    def __enter__(self) -> Server:
        install()
        asyncio.run(_fresh_database(self.urls.database_url))
        url = with_database(self.urls.database_url, DATABASE)
        self.process = subprocess.Popen(
            ["node", "server.js", str(self.port), url], cwd=PEER, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        began = time.monotonic()
        for line in self.process.stdout:  # its first line once it listens ("ready")
            if line.strip() == "ready":
                self.generator = subprocess.Popen(
                    ["node", "load.js", str(self.port)],
                    cwd=PEER,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
                return self
            if time.monotonic() - began > 60:
                break
        self.__exit__()
        raise RuntimeError("boardgame.io's server did not start")

    def __exit__(self, *_: object) -> None:
        if self.generator is not None:
            assert self.generator.stdin is not None
            self.generator.stdin.close()
            self.generator.wait(timeout=30)
            self.generator = None
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
        asyncio.run(_drop_database(self.urls.database_url))

    def load(self, clients: int, seconds: float, latencies: list[float]) -> tuple[int, float]:
        """One round of the load generator; returns (moves, wall seconds) and adds each move's latency, in
        seconds."""
        generator = self.generator
        assert generator is not None and generator.stdin is not None and generator.stdout is not None
        generator.stdin.write(f"{clients} {seconds}\n")
        generator.stdin.flush()
        line = generator.stdout.readline()
        if not line:
            raise RuntimeError(f"boardgame.io's load generator stopped (exit {generator.wait()})")
        result = json.loads(line)
        latencies.extend(ms / 1e3 for ms in result["latencies_ms"])
        return int(result["moves"]), float(result["seconds"])


async def _drop_database(url: str) -> None:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
    finally:
        await connection.close()
