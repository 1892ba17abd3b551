"""3. HTTP end to end: commands/s and latency against `tapis serve`, beside the floor measured in the same run.

Each client plays whole four-player six-nimmt games as the four humans, one POST /commands per move. The moves are
random legal ones, worked out by a client-side mirror of each game (the client chose its seed; dealing v2 binds
the deal to the game id too, so the mirror waits for it), so the load generator spends its CPU on HTTP only, as
the floor's spends it on its two calls only. A round starts with every client's game open (created, joined,
started, scripted) and goes on with the games the last round left; a game that ends inside a round is followed by
a new one, set up inside it. The floor is what the storage alone costs: per command one asyncpg INSERT of an event
row and one Redis SET, from one process, at the same concurrency and with the server's pool size. Ours, the floor
and the peer people pick instead (boardgame.io, bench/bgio.py, when Node.js is here) run in alternating rounds, so
a slow minute on a shared machine weighs on every side alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import os
import secrets
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
import redis.asyncio as redis

from bench import bgio
from bench.http_client import Connection, HttpError
from bench.mirror import Mirror
from infra.embedded import ServiceUrls

ROOT = Path(__file__).resolve().parents[1]
CONCURRENCY = (1, 16, 64)
SECONDS = 8.0  # per concurrency level, for ours and for the floor
ROUNDS = 4  # each side's SECONDS in this many alternating rounds
SCRIPTS = 200  # distinct games the clients cycle through (a game played again gets a new id)
POOL_SIZE = 10  # the server's default TAPIS_POOL_SIZE; the floor gets the same


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    urls: ServiceUrls, extra_env: dict[str, str] | None = None, command: Callable[[int], list[str]] | None = None
) -> tuple[subprocess.Popen[bytes], int]:
    """`tapis serve` on a free port, its per-client limits off; `extra_env`: the settings a benchmark varies;
    `command`: another server's command line for a port (bench/compare.py's variants), in place of `tapis serve`."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": urls.database_url,
        "REDIS_URL": urls.redis_url,
        "TAPIS_POOL_SIZE": str(POOL_SIZE),
        # every client comes from 127.0.0.1: a per-client limit would measure the limiter, not the server
        "TAPIS_RATE_COMMANDS": "0",
        "TAPIS_RATE_CREATE": "0",
        "TAPIS_RATE_CREATE_TOTAL": "0",
        "TAPIS_MAX_CONNECTIONS_PER_CLIENT": "0",
        # the clients choose their games' seeds (each client mirrors its game to know its moves without reading
        # them), which only a server in test mode accepts; the work per command is the same
        "TAPIS_TEST_MODE": "1",
        **(extra_env or {}),
    }
    argv = command(port) if command else [sys.executable, "-m", "api.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(argv if command else [*argv, "--log-level", "warning"], cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("tapis serve exited at start")
        try:
            status = asyncio.run(_health(port))
            if status == 200:
                return process, port
        except OSError:
            time.sleep(0.2)
    stop_server(process)
    raise RuntimeError("tapis serve did not answer within 30 s")


async def _health(port: int) -> int:
    async with Connection("127.0.0.1", port) as conn:
        status, _ = await conn.request("GET", "/v1/health")
        return status


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Script(msgspec.Struct, frozen=True):
    """One whole game: its seed and, in order, each command's seat and JSON body."""

    seed: bytes
    moves: list[tuple[int, bytes]]


def script(game_id: str, seed: bytes) -> Script:
    """A whole game's moves, worked out by a mirror of the game (dealing v2 binds the deal to the game's id, so
    this waits for the id the server gave; it is not timed, but it is in the wall time, as creating the game is)."""
    mirror = Mirror("six-nimmt", 4, {}, seed, game_id=game_id)
    moves = []
    while mirror.active:
        seat, move, body = mirror.next_move()
        mirror.play(seat, move)
        moves.append((seat, body))
    return Script(seed, moves)


def seeds(count: int, seed: bytes = b"tapis-bench") -> list[bytes]:
    return [hashlib.sha256(seed + n.to_bytes(4, "big")).digest() for n in range(count)]


class Game(msgspec.Struct):
    """A client's game in play: created, joined, started and scripted; kept from one round to the next."""

    path: str
    tokens: list[str]
    moves: list[tuple[int, bytes]]
    played: int = 0

    @property
    def over(self) -> bool:
        return self.played >= len(self.moves)


async def open_game(conn: Connection, index: int, seed: bytes) -> Game:
    body: Any = {"game": "six-nimmt", "players": 4, "seed": seed.hex()}
    created: Any = await conn.json("POST", "/v1/games", body)
    game_id, admin = created["game_id"], created["admin_token"]
    tokens = []
    for seat in range(4):
        joined: Any = await conn.json("POST", f"/v1/games/{game_id}/seats", {"name": f"c{index}s{seat}"})
        tokens.append(joined["player_token"])
    await conn.json("POST", f"/v1/games/{game_id}/start", token=admin)
    return Game(f"/v1/games/{game_id}/commands", tokens, script(game_id, seed).moves)


async def client(
    conn: Connection, index: int, deadline: float, games: Iterator[bytes], latencies: list[float], table: list[Game]
) -> int:
    """Plays games until the deadline; returns the commands sent (each one timed into `latencies`). A game that
    ends inside the round is followed by a new one, its set-up in the round's wall time."""
    sent = 0
    while time.perf_counter() < deadline:
        game = table[index]
        if game.over:
            game = table[index] = await open_game(conn, index, next(games))
        while not game.over and time.perf_counter() < deadline:
            seat, command = game.moves[game.played]
            began = time.perf_counter()
            status, answer = await conn.request("POST", game.path, command, game.tokens[seat])
            latencies.append(time.perf_counter() - began)
            if status != 200:
                raise HttpError(f"command refused: {status} {answer[:300]!r}")
            game.played += 1
            sent += 1
    return sent


async def ours(
    port: int,
    clients: int,
    games: Iterator[bytes],
    seconds: float,
    latencies: list[float],
    table: list[Game] | None = None,
) -> Tally:
    """One round. Like the peer's, it starts with every client's game open (created, joined, started, its moves
    worked out: dealing v2 binds the deal to the game id, so a script waits for the server's id) and goes on with
    the games `table` kept from the last round."""
    table = [] if table is None else table
    missing = range(len(table), clients)
    if missing:
        async with Connection("127.0.0.1", port) as conn:  # set-up on a connection of its own, before the clock
            table.extend([await open_game(conn, i, next(games)) for i in missing])
    began = time.perf_counter()
    deadline = began + seconds

    async def connected(index: int) -> int:
        async with Connection("127.0.0.1", port) as conn:
            return await client(conn, index, deadline, games, latencies, table)

    counts = await asyncio.gather(*(connected(i) for i in range(clients)))
    return Tally(sum(counts), time.perf_counter() - began)


class Tally(msgspec.Struct):
    count: int = 0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.count += other.count
        self.seconds += other.seconds


FLOOR_TABLE = """
CREATE TABLE IF NOT EXISTS bench_floor (
    position BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_id TEXT NOT NULL,
    version INT NOT NULL,
    type TEXT NOT NULL,
    data JSON NOT NULL,
    metadata JSONB NOT NULL DEFAULT '{}'::jsonb,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (stream_id, version)
)
"""
FLOOR_INSERT = "INSERT INTO bench_floor (stream_id, version, type, data, metadata) VALUES ($1, $2, $3, $4, $5)"


async def floor(urls: ServiceUrls, clients: int, seconds: float, latencies: list[float]) -> Tally:
    pool = await asyncpg.create_pool(urls.database_url, min_size=POOL_SIZE, max_size=POOL_SIZE)
    cache = redis.Redis.from_url(urls.redis_url)
    await pool.execute(FLOOR_TABLE)
    data = msgspec.json.encode({"seat": 1, "card": 42}).decode()
    meta = msgspec.json.encode({"actor": 1, "attempt": 0}).decode()
    blob = secrets.token_bytes(600)  # about a folded six-nimmt table in msgpack
    began = time.perf_counter()
    deadline = began + seconds

    async def one(index: int) -> int:
        stream = f"floor-{clients}-{index}-{secrets.token_hex(4)}"
        version = 0
        while time.perf_counter() < deadline:
            version += 1
            start = time.perf_counter()
            await pool.execute(FLOOR_INSERT, stream, version, "CardChosen", data, meta)
            await cache.set(f"bench:{stream}", blob)
            latencies.append(time.perf_counter() - start)
        return version

    try:
        counts = await asyncio.gather(*(one(i) for i in range(clients)))
    finally:
        await cache.delete(*[k async for k in cache.scan_iter("bench:floor-*")] or ["bench:none"])
        await cache.aclose()
        await pool.close()
    return Tally(sum(counts), time.perf_counter() - began)


def figures(tally: Tally, latencies: list[float]) -> dict[str, float]:
    ordered = sorted(latencies)

    def q(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1e3 if ordered else 0.0

    return {
        "commands": tally.count,
        "per_s": tally.count / tally.seconds,
        "p50_ms": q(0.50),
        "p95_ms": q(0.95),
        "p99_ms": q(0.99),
        "mean_ms": statistics.fmean(latencies) * 1e3 if latencies else 0.0,
    }


def start_peer(stack: contextlib.ExitStack, urls: ServiceUrls, attempts: int = 3) -> bgio.Server:
    """boardgame.io's server on a free port; another port if the one chosen was taken before Node bound it (a
    port free_port() hands out can become some connection's ephemeral port meanwhile: EADDRINUSE, seen in CI)."""
    for _ in range(attempts - 1):
        try:
            return stack.enter_context(bgio.Server(urls, free_port()))
        except RuntimeError:
            continue
    return stack.enter_context(bgio.Server(urls, free_port()))


def run(urls: ServiceUrls) -> list[dict[str, Any]]:
    games = itertools.cycle(seeds(SCRIPTS))
    rows = []
    absent = bgio.missing()
    process, port = start_server(urls)
    try:
        with contextlib.ExitStack() as stack:
            peer = None if absent else start_peer(stack, urls)
            for clients in CONCURRENCY:
                mine, base, theirs = Tally(), Tally(), Tally()
                table: list[Game] = []
                my_latencies: list[float] = []
                base_latencies: list[float] = []
                their_latencies: list[float] = []
                for _ in range(ROUNDS):
                    mine.add(asyncio.run(ours(port, clients, games, SECONDS / ROUNDS, my_latencies, table)))
                    base.add(asyncio.run(floor(urls, clients, SECONDS / ROUNDS, base_latencies)))
                    if peer is not None:
                        theirs.add(Tally(*peer.load(clients, SECONDS / ROUNDS, their_latencies)))
                measured, reference = figures(mine, my_latencies), figures(base, base_latencies)
                row: dict[str, Any] = {
                    "clients": clients,
                    "ours": measured,
                    "floor": reference,
                    "ratio": measured["per_s"] / reference["per_s"],
                }
                if peer is not None:
                    row["bgio"] = figures(theirs, their_latencies)
                    row["over_bgio"] = measured["per_s"] / row["bgio"]["per_s"]
                rows.append(row)
    finally:
        stop_server(process)
    if absent:
        rows.append({"bgio_missing": absent})
    return rows


def report(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| clients | commands/s | p50 ms | p95 ms | p99 ms | floor ops/s | floor p50 ms | floor p99 ms "
        "| ours / floor |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    measured = [r for r in rows if "clients" in r]
    for r in measured:
        o, f = r["ours"], r["floor"]
        lines.append(
            f"| {r['clients']} | {o['per_s']:,.0f} | {o['p50_ms']:.1f} | {o['p95_ms']:.1f} | {o['p99_ms']:.1f} "
            f"| {f['per_s']:,.0f} | {f['p50_ms']:.1f} | {f['p99_ms']:.1f} | {r['ratio']:.2f} |"
        )
    lines += ["", "Against boardgame.io 0.50 + bgio-postgres (the same six-nimmt, same Postgres, same rounds):", ""]
    if any("bgio_missing" in r for r in rows):
        lines.append(f"boardgame.io: not run ({rows[-1]['bgio_missing']})")
        return lines
    lines += [
        "| clients | ours moves/s | ours p99 ms | boardgame.io moves/s | its p50 ms | its p99 ms "
        "| ours / boardgame.io |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in measured:
        o, b = r["ours"], r["bgio"]
        lines.append(
            f"| {r['clients']} | {o['per_s']:,.0f} | {o['p99_ms']:.1f} | {b['per_s']:,.0f} | {b['p50_ms']:.1f} "
            f"| {b['p99_ms']:.1f} | {r['over_bgio']:.1f} |"
        )
    return lines
