"""A large store, measured (`make bench-scale`, issue 30): the HTTP figures on an empty and on a large store in one
run, and what the large store costs.

`python -m bench.store_scale [--events N] [--games G] [--max-minutes M] [--out FILE]` (defaults 10,000,000 events,
G = N / 100 finished games, 90 minutes). On the bench's servers (bench/servers.py: embedded Postgres with fsync on
and Redis, or DATABASE_URL/REDIS_URL) it makes two fresh databases and uses two empty Redis databases:

- **large**: at least G finished games of all five kinds and at least N events (bench/bulk_store.py: a pool of
  games played through the real services, written under fresh ids by COPY, row for row what the append writes; the
  mix in bulk_store.VARIANTS, about 126 events a game), then 1,000 games in play; `tapis rebuild --from-scratch`
  projects them all into Redis (timed: events/s);
- **empty**: the same 100 games in play alone (the 50 of the benchmark's portal and the 50 probes below), rebuilt
  the same way.

Both hold a webhook checkpoint at the log's end (a deployment's intake has kept up; a fresh one would read the
whole log from the start) and the same 100 portal keys (the large store's finished games are spread over them, one
in a hundred the benchmark's portal's). Then one `tapis serve` on each store, as bench/http_load.py serves it, and
in alternating rounds, so that the VM's drift weighs on both alike:

- commands/s, p50 and p99 at 16 and 64 clients (bench/http_load.py's clients and games; the floor beside them);
- the lobby listing (`GET /v1/games?limit=50`) and the portal's games (the same with its `X-API-Key`), p50/p99;
- the first command of a game in play whose projection was deleted from Redis (50 probe games the server never
  touched: it loads the record and replays the stream from Postgres);
- on the large store only: bytes per event and per game of the tables and each index, EXPLAIN ANALYZE of the hot
  queries, and the archive's throughput (`Archiver`, as `tapis archive --older-than 0`, for ARCHIVE_SECONDS).

**Bounds.** Disk: it computes what the run needs (DISK_PER_EVENT bytes an event for Postgres' tables, indexes and
WAL, DISK_PER_GAME for the games' rows and Redis' projections and its append-only file, and DISK_SLACK) and refuses
to start, saying how much it needs and has, when the file system of the data directory has less free (a remote
DATABASE_URL cannot be checked from here: `--no-disk-check` runs anyway). Time: `--max-minutes` (default 90) is a
hard bound (SIGALRM), the fill alone stops at its share of it. Redis: the two databases it uses must be empty at the
start, and are flushed at the end. Cleanup: the databases are dropped, the Redis databases flushed, the servers it
started stopped and the embedded servers' directory removed, on success, failure, the time bound, SIGINT or
SIGTERM alike (try/finally; SIGTERM and SIGHUP raise as SIGINT does).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import os
import random
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import msgspec
import redis.asyncio as redis

from bench import bulk_store
from bench.bulk_store import VARIANTS, Copy, PoolGame
from bench.http_client import Connection
from bench.http_load import ROOT, Game, Tally, figures, floor, ours, seeds, start_server, stop_server
from bench.machine import describe
from bench.servers import bench_servers, with_database
from bench.tiers import Clock, Meter, postmaster, redis_server
from infra.embedded import ServiceUrls
from infra.migrate import upgrade
from infra.projections import state_key
from services.auth import api_key_id, token_hash

EVENTS = 10_000_000
EVENTS_PER_GAME = 100  # --games defaults to --events / this
ACTIVE = 1_000  # games in play in the large store
PORTAL_GAMES = 50  # games in play of the benchmark's portal, the newest of both stores
PROBES = 50  # games in play whose projection is deleted before their first command
PORTALS = 100  # portal keys the finished games belong to
POOL = 6  # played games of each variant
BATCH = 400  # games per COPY transaction
YEAR = timedelta(days=365)
CONCURRENCY = (16, 64)
SECONDS = 16.0  # per level, store and the floor, in ROUNDS alternating rounds (twice bench/http_load.py's)
ROUNDS = 8
LISTINGS = 300  # requests of each listing per store
ARCHIVE_SECONDS = 30.0
# the disk a run needs: Postgres held 451 bytes an event (every table and index; a 340,000-event fill), the WAL
# up to max_wal_size (1 GiB by default) beside it; Redis' projections and its append-only file a few KB a game.
# Twice the measured, for what the rebuild, the archive and autovacuum write meanwhile
DISK_PER_EVENT = 900
DISK_PER_GAME = 16_000
DISK_SLACK = 2 * 1024**3
MEAN_EVENTS = 130  # a finished game of VARIANTS, about (the disk needed is reckoned before the pool is played)
FILL_SHARE = 0.6  # of --max-minutes: the fill stops there, and the run measures what it wrote


class OutOfTime(Exception):
    """The run's time bound (SIGALRM)."""


def _raise_interrupt(signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def _raise_out_of_time(_signum: int, _frame: FrameType | None) -> None:
    raise OutOfTime("the run passed its time bound (--max-minutes)")


@dataclass
class Plan:
    events: int
    games: int
    deadline: float  # time.monotonic() the fill stops at
    rng: random.Random = field(default_factory=lambda: random.Random(30))


def disk_needed(events: int, games: int) -> int:
    """At least `events` events and `games` finished games, whichever the mix reaches last, and the games in play."""
    return max(events, games * MEAN_EVENTS) * DISK_PER_EVENT + (games + ACTIVE) * DISK_PER_GAME + DISK_SLACK


def refuse_without_disk(path: str, events: int, games: int) -> None:
    need, free = disk_needed(events, games), shutil.disk_usage(path).free
    if free < need:
        raise SystemExit(
            f"bench-scale: {events:,} events in {games:,} games need {need / 1024**3:.1f} GiB free on {path}, "
            f"which has {free / 1024**3:.1f} GiB: not started (--events N for a smaller run)"
        )


def redis_beside(url: str, offset: int) -> str:
    parts = urlsplit(url)
    db = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(db + offset) % 16}"))


# --- the stores -------------------------------------------------------------------------------------------------


def portal_keys() -> list[str]:
    return [f"bench-scale-portal-{k}" for k in range(PORTALS)]


async def prepare(conn: asyncpg.Connection) -> None:
    """The portal keys; key 0 is the benchmark's portal."""
    await conn.copy_records_to_table(
        "api_keys",
        columns=["key_id", "name", "key_hash"],
        records=[(api_key_id(k), f"portal {n}", token_hash(k)) for n, k in enumerate(portal_keys())],
    )


def finished(plan: Plan, pool: list[list[PoolGame]]) -> Iterator[Copy]:
    """Finished games in the variants' shares, their starts spread over the year before the games in play, until
    both the games and the events reach the plan's."""
    ids = bulk_store.portal_ids(portal_keys())
    weights = [v.per_mille for v in VARIANTS]
    now = datetime.now(UTC) - timedelta(days=1)
    events = 0
    for k in itertools.count():
        if (k >= plan.games and events >= plan.events) or time.monotonic() > plan.deadline:
            return
        games = plan.rng.choices(pool, weights)[0]
        game = plan.rng.choice(games)
        start = now - YEAR + YEAR * (k / max(plan.games, 1))
        copy = Copy.fresh(game, ids[k % PORTALS], min(start, now))
        events += copy.length
        yield copy


def in_play(rng: random.Random, pool: list[list[PoolGame]], count: int, portal: str | None) -> list[Copy]:
    """Games in play: each a pool game cut before one of its commands (between a fifth and four fifths of them),
    started in the last hour; their seat tokens kept, so the benchmark can play on."""
    weights = [v.per_mille for v in VARIANTS]
    copies = []
    for j in range(count):
        game = rng.choice(rng.choices(pool, weights)[0])
        commands = game.commands
        version = commands[rng.randrange(len(commands) // 5, max(len(commands) * 4 // 5, len(commands) // 5 + 1))][0]
        start = datetime.now(UTC) - timedelta(hours=1) + timedelta(seconds=j)
        copies.append(Copy.fresh(game, portal, start, length=version, keep_tokens=True))
    return copies


class Filled(msgspec.Struct):
    games: int
    events: int
    seconds: float
    vacuum_seconds: float  # VACUUM ANALYZE and a CHECKPOINT
    probes: list[Copy]


async def fill(url: str, copies: Iterator[Copy], active: list[Copy], probes: list[Copy]) -> Filled:
    """`copies`, then the games in play, the portal's and the probes last (the newest), by COPY in batches; then
    VACUUM ANALYZE (timed apart: autovacuum's work on a live store) and the webhook intake's checkpoint."""
    conn = await asyncpg.connect(url)
    try:
        await prepare(conn)
        began = last = time.perf_counter()
        games = events = 0
        for batch in bulk_store.batches(itertools.chain(copies, active, probes), BATCH):
            events += await bulk_store.write(conn, batch)
            games += len(batch)
            if time.perf_counter() - last > 15:
                last = time.perf_counter()
                rate = events / (last - began)
                print(f"  filled {events:,} events, {games:,} games ({rate:,.0f} events/s)", flush=True)
        seconds = time.perf_counter() - began
        began = time.perf_counter()
        for table in ("events", "games", "seat_tokens"):
            await conn.execute(f"VACUUM ANALYZE {table}")
        # the fill's dirty pages written out now, not under the rebuild and the rounds: a live store's checkpoints
        # spread a day's writes, a bulk load's would otherwise weigh on the next minutes' figures
        await conn.execute("CHECKPOINT")
        vacuum = time.perf_counter() - began
        await conn.execute(
            "INSERT INTO webhook_checkpoint (name, tx_id, position)"
            " SELECT 'deliveries', tx_id, position FROM events ORDER BY tx_id DESC, position DESC LIMIT 1"
        )
    finally:
        await conn.close()
    return Filled(games, events, seconds, vacuum, probes)


SIZES = """
SELECT c.relname, pg_relation_size(c.oid) AS heap,
       coalesce(pg_total_relation_size(c.reltoastrelid), 0) AS toast,
       pg_indexes_size(c.oid) AS indexes, pg_total_relation_size(c.oid) AS total
FROM pg_class c WHERE c.relname = ANY($1::text[]) ORDER BY c.relname
"""
INDEXES = """
SELECT i.indexrelid::regclass::text AS name, pg_relation_size(i.indexrelid) AS bytes
FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid WHERE c.relname = ANY($1::text[]) ORDER BY 1
"""
TABLES = ["events", "games", "seat_tokens", "idempotency"]


async def sizes(url: str) -> dict[str, Any]:
    conn = await asyncpg.connect(url)
    try:
        events = await conn.fetchval("SELECT count(*) FROM events")
        games = await conn.fetchval("SELECT count(*) FROM games")
        tables = {r["relname"]: dict(r) for r in await conn.fetch(SIZES, TABLES)}
        indexes = {r["name"]: r["bytes"] for r in await conn.fetch(INDEXES, TABLES)}
        database = await conn.fetchval("SELECT pg_database_size(current_database())")
    finally:
        await conn.close()
    hot = sum(t["total"] for t in tables.values())
    return {
        "events": events,
        "games": games,
        "tables": tables,
        "indexes": indexes,
        "database_bytes": database,
        "events_bytes_per_event": round(tables["events"]["total"] / max(events, 1), 1),
        "events_heap_bytes_per_event": round(
            (tables["events"]["heap"] + tables["events"]["toast"]) / max(events, 1), 1
        ),
        "hot_bytes_per_event": round(hot / max(events, 1), 1),
        "hot_bytes_per_game": round(hot / max(games, 1)),
    }


# the hot queries of a command, the listings, the log's readers and the archive, each with a realistic parameter
HOT = {
    "read_stream (a replay: the flushed projection)": (
        "SELECT position, stream_id, version, type, data::text, metadata::text, recorded_at, tx_id, schema_version,"
        " chain FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version LIMIT $3",
        ("probe", 0, None),
    ),
    "game record": (
        "SELECT game, seed, admin_token_hash, api_key_id, join_code_hash FROM games WHERE game_id = $1",
        ("probe",),
    ),
    "seat tokens": ("SELECT seat, token_hash FROM seat_tokens WHERE game_id = $1", ("probe",)),
    "portal's games (key_store.games)": (
        "SELECT game_id FROM games WHERE api_key_id = $1 AND ($2::text IS NULL OR game = $2)"
        " ORDER BY created_at DESC LIMIT $3",
        ("portal", None, 1000),
    ),
    "listing without Redis (game_ids)": (
        "SELECT game_id FROM games WHERE $1::text IS NULL OR game = $1 ORDER BY created_at DESC LIMIT $2",
        (None, 200),
    ),
    "global log at its head (projector, webhook intake)": (
        "SELECT position, stream_id, version, type, tx_id FROM events WHERE (tx_id, position) > ($1, $2)"
        " AND tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint ORDER BY tx_id, position LIMIT $3",
        ("head", "head", 500),
    ),
    "archive: games ended before now (ended_before)": (
        "SELECT e.stream_id FROM events e WHERE e.type = 'GameEnded' AND e.recorded_at < $1"
        " ORDER BY e.recorded_at LIMIT $2",
        ("now", 100),
    ),
}


async def explain(url: str, probe: Copy) -> dict[str, dict[str, Any]]:
    """EXPLAIN (ANALYZE, BUFFERS) of each hot query (run twice: the second, warm, is kept), and of one append's
    statement in a transaction rolled back."""
    from infra.appends import APPEND_HEAD, APPEND_TAIL

    conn = await asyncpg.connect(url)
    found: dict[str, dict[str, Any]] = {}
    try:
        head = await conn.fetchrow("SELECT tx_id, position FROM events ORDER BY tx_id DESC, position DESC LIMIT 1")
        values: dict[str, Any] = {
            "probe": probe.game_id,
            "portal": bulk_store.portal_ids(portal_keys())[0],
            "head": None,
            "now": datetime.now(UTC),
        }
        for name, (sql, params) in HOT.items():
            args: list[Any]
            if params[0] == "head":
                args = [head["tx_id"] - 2, 0, params[2]]
            else:
                args = [values.get(p, p) if isinstance(p, str) else p for p in params]
            plan = ""
            for _ in range(2):
                plan = "\n".join(r[0] for r in await conn.fetch(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", *args))
            found[name] = summarise(plan)
        version = await conn.fetchval("SELECT version FROM games WHERE game_id = $1", probe.game_id)
        async with conn.transaction():
            plan = "\n".join(
                r[0]
                for r in await conn.fetch(
                    f"EXPLAIN (ANALYZE, BUFFERS) {APPEND_HEAD}{APPEND_TAIL}",
                    [probe.game_id],
                    [version],
                    [version + 1],
                    [probe.game_id],
                    [version + 1],
                    ["BenchProbe"],
                    [1],
                    ['{"type":"BenchProbe"}'],
                    ['{"actor":0}'],
                    [None],
                    [None],
                )
            )
            found["append (one command's group commit)"] = summarise(plan)
            raise _Rollback
    except _Rollback:
        pass
    finally:
        await conn.close()
    return found


class _Rollback(Exception):
    pass


def summarise(plan: str) -> dict[str, Any]:
    lines = plan.splitlines()
    execution = next((line for line in lines if line.startswith("Execution Time")), "")
    scans = [line.strip() for line in lines if "Scan" in line]
    return {"execution": execution.split(":")[-1].strip(), "scans": scans[:4], "plan": plan}


def rebuild(urls: ServiceUrls, bound: float, attempts: int = 12) -> dict[str, Any]:
    """`tapis rebuild --from-scratch`, timed from outside (its process' start included). A run that fails (its
    Redis client gives up on a write after 0.5 s, which a loaded machine can take) is continued as an operator
    would, by `tapis rebuild` again; the time is the sum, and the failures are counted."""
    env = {**os.environ, "DATABASE_URL": urls.database_url, "REDIS_URL": urls.redis_url}
    events = asyncio.run(_count(urls.database_url))
    began = time.perf_counter()
    failures = 0
    for attempt in range(attempts):
        argv = [sys.executable, "-m", "api.cli", "rebuild", *(["--from-scratch"] if attempt == 0 else [])]
        done = subprocess.run(  # our own CLI, no shell
            argv, cwd=ROOT, env=env, timeout=bound, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
        )
        if done.returncode == 0:
            break
        failures += 1
        told = done.stderr.decode(errors="replace").replace("\r", "\n").strip().splitlines()
        progress = [line for line in told if line.startswith("rebuild:")][-1:]
        print(f"  tapis rebuild failed ({told[-1:]}, at {progress}); continuing it", flush=True)
    else:
        raise RuntimeError(f"tapis rebuild failed {attempts} times")
    took = time.perf_counter() - began
    return {"events": events, "seconds": round(took, 1), "events_per_s": round(events / took), "failures": failures}


async def _count(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        count: int = await conn.fetchval("SELECT count(*) FROM events")
        return count
    finally:
        await conn.close()


# --- the measurements over HTTP ---------------------------------------------------------------------------------


@dataclass
class Side:
    """One store served: its URLs, its server's port, its clients' games and what was measured on it."""

    name: str
    urls: ServiceUrls
    probes: list[Copy]
    port: int = 0
    pid: int = 0
    games: Iterator[bytes] = field(default_factory=lambda: iter(()))
    figures: dict[str, Any] = field(default_factory=dict)


async def listing(port: int, count: int, key: str | None, timings: list[float]) -> None:
    headers_key = key
    async with Connection("127.0.0.1", port) as conn:
        for _ in range(count):
            began = time.perf_counter()
            status, body = await _get(conn, "/v1/games?limit=50", headers_key)
            timings.append(time.perf_counter() - began)
            if status != 200:
                raise RuntimeError(f"listing: {status} {body[:200]!r}")
            if key is not None and len(msgspec.json.decode(body)["games"]) != PORTAL_GAMES:
                raise RuntimeError("the portal's listing does not hold its games in play")


async def _get(conn: Connection, path: str, api_key: str | None) -> tuple[int, bytes]:
    if api_key is None:
        return await conn.request("GET", path)
    # the minimal client sends a bearer token only; the portal's key goes in its own header
    assert conn._writer is not None and conn._reader is not None
    head = f"GET {path} HTTP/1.1\r\nhost: {conn.host}:{conn.port}\r\ncontent-length: 0\r\nx-api-key: {api_key}\r\n\r\n"
    conn._writer.write(head.encode())
    status = int((await conn._reader.readline()).split()[1])
    length = 0
    while (line := await conn._reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return status, await conn._reader.readexactly(length) if length else b""


def quantiles(timings: list[float]) -> dict[str, float]:
    ordered = sorted(timings)

    def q(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1e3, 2)

    return {
        "count": len(ordered),
        "p50_ms": q(0.5),
        "p99_ms": q(0.99),
        "mean_ms": round(statistics.fmean(ordered) * 1e3, 2),
    }


async def first_command(side: Side, probe: Copy, timings: list[float]) -> None:
    client = redis.Redis.from_url(side.urls.redis_url)
    try:
        deleted = await client.delete(state_key(probe.game_id))
    finally:
        await client.aclose()
    if deleted != 1:
        raise RuntimeError(f"{side.name}: probe {probe.game_id} had no projection to delete")
    seat, body = probe.next_command()
    async with Connection("127.0.0.1", side.port) as conn:
        began = time.perf_counter()
        status, answer = await conn.request("POST", f"/v1/games/{probe.game_id}/commands", body, probe.tokens[seat])
        timings.append(time.perf_counter() - began)
    if status != 200:
        raise RuntimeError(f"{side.name}: the probe's command: {status} {answer[:200]!r}")


def rotated(sides: list[Side], turn: int) -> list[Side]:
    """The sides in the order of this round: each goes first in turn. The first side of a round met more of
    Postgres' background work (checkpoints, autovacuum of the last round's writes); always the same side first put
    the empty store behind the large one in the first run."""
    shift = turn % len(sides)
    return sides[shift:] + sides[:shift]


def measure_http(
    sides: list[Side], floor_urls: ServiceUrls, clock: Clock, seconds: float, rounds: int
) -> dict[str, Any]:
    """Every figure over HTTP, each in rounds alternating between the stores (and the floor); with each tier's CPU
    per command in the command rounds."""
    key = portal_keys()[0]
    out: dict[str, Any] = {}
    for label, api_key in (("lobby listing", None), ("portal's games", key)):
        timings: dict[str, list[float]] = {s.name: [] for s in sides}
        for turn in range(6):
            for side in rotated(sides, turn):
                asyncio.run(listing(side.port, LISTINGS // 6, api_key, timings[side.name]))
        out[label] = {name: quantiles(t) for name, t in timings.items()}
    for clients in CONCURRENCY:
        tallies = {s.name: Tally() for s in sides}
        latencies: dict[str, list[float]] = {s.name: [] for s in sides}
        tables: dict[str, list[Game]] = {s.name: [] for s in sides}
        base = Tally()
        base_latencies: list[float] = []
        meters = {s.name: Meter(clock, {"api": s.pid}) for s in sides}
        for turn in range(rounds):
            for side in rotated(sides, turn):
                # the round's set-up (new games created, joined, started) is in the CPU as in the wall time
                with meters[side.name].measuring():
                    tallies[side.name].add(
                        asyncio.run(
                            ours(
                                side.port,
                                clients,
                                side.games,
                                seconds / rounds,
                                latencies[side.name],
                                tables[side.name],
                            )
                        )
                    )
            base.add(asyncio.run(floor(floor_urls, clients, seconds / rounds, base_latencies)))
        row: dict[str, dict[str, Any]] = {s.name: dict(figures(tallies[s.name], latencies[s.name])) for s in sides}
        for side in sides:
            row[side.name]["cpu_us_per_command"] = meters[side.name].per_command(tallies[side.name].count)
        row["floor"] = figures(base, base_latencies)
        out[f"{clients} clients"] = row
    timings = {s.name: [] for s in sides}
    for turn, pair in enumerate(zip(*(s.probes for s in sides), strict=True)):
        probes = dict(zip((s.name for s in sides), pair, strict=True))
        for side in rotated(sides, turn):
            asyncio.run(first_command(side, probes[side.name], timings[side.name]))
    out["first command, projection flushed"] = {name: quantiles(t) for name, t in timings.items()}
    out["probe stream lengths"] = {s.name: statistics.fmean(p.length for p in s.probes) for s in sides}
    return out


async def archive(urls: ServiceUrls, seconds: float) -> dict[str, Any]:
    """`tapis archive --older-than 0` for `seconds`: games and events moved per second (oldest games first)."""
    from bootstrap import build_services, redis_client
    from infra.settings import Settings

    settings = Settings(database_url=urls.database_url, redis_url=urls.redis_url)
    pool = await asyncpg.create_pool(urls.database_url, min_size=1, max_size=2)
    client = redis_client(urls.redis_url)
    try:
        services = build_services(pool, client, settings)
        before = await pool.fetchval("SELECT count(*) FROM events")
        began = time.perf_counter()
        moved = 0
        while time.perf_counter() - began < seconds:
            batch = await services.archiver.archive_older_than(0, 100)
            if not batch:
                break
            moved += len(batch)
        took = time.perf_counter() - began
        after = await pool.fetchval("SELECT count(*) FROM events")
        archive_bytes = await pool.fetchval("SELECT pg_total_relation_size('archive')")
    finally:
        await client.aclose()
        await pool.close()
    events = before - after
    return {
        "games": moved,
        "events": events,
        "seconds": round(took, 1),
        "games_per_s": round(moved / took, 1),
        "events_per_s": round(events / took),
        "archive_bytes_per_game": round(archive_bytes / max(moved, 1)),
    }


# --- the run ------------------------------------------------------------------------------------------------------


@contextlib.contextmanager
def second_database(urls: ServiceUrls, name: str) -> Iterator[ServiceUrls]:
    """A migrated database beside the bench's, and the Redis database after its; dropped and flushed at the end."""
    url = with_database(urls.database_url, name)
    asyncio.run(_execute(urls.database_url, f'CREATE DATABASE "{name}"'))
    try:
        upgrade(url)
        yield ServiceUrls(database_url=url, redis_url=redis_beside(urls.redis_url, 1))
    finally:
        asyncio.run(_execute(urls.database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _execute(url: str, sql: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@contextlib.contextmanager
def empty_redis(*urls: str) -> Iterator[None]:
    """Refuses Redis databases that hold anything (they are flushed at the end)."""
    for url in urls:
        if asyncio.run(_dbsize(url, flush=False)):
            raise SystemExit(f"bench-scale: the Redis database {url} is not empty: not started")
    try:
        yield
    finally:
        for url in urls:
            asyncio.run(_dbsize(url, flush=True))


async def _dbsize(url: str, flush: bool) -> int:
    client = redis.Redis.from_url(url)
    try:
        if flush:
            await client.flushdb()
            return 0
        return int(await client.dbsize())
    finally:
        await client.aclose()


async def used_memory(url: str) -> int:
    client = redis.Redis.from_url(url)
    try:
        info = await client.info("memory")
        return int(info["used_memory"])
    finally:
        await client.aclose()


def data_directory(url: str) -> str | None:
    async def ask() -> str | None:
        conn = await asyncpg.connect(url)
        try:
            return str(await conn.fetchval("SHOW data_directory"))
        except asyncpg.PostgresError:
            return None
        finally:
            await conn.close()

    found = asyncio.run(ask())
    return found if found is not None and Path(found).exists() else None


def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.monotonic()
    external = bool(os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"))
    if not external and not args.no_disk_check:
        refuse_without_disk(tempfile.gettempdir(), args.events, args.games)
    result: dict[str, Any] = {"machine": describe(), "events_asked": args.events, "games_asked": args.games}
    servers: list[Any] = []
    with bench_servers() as (urls, origin):
        result["servers"] = origin
        if external and not args.no_disk_check:
            where = data_directory(urls.database_url)
            if where is None:
                raise SystemExit(
                    "bench-scale: Postgres' data directory is not on this machine, its free disk unknown: not "
                    "started (--no-disk-check runs anyway)"
                )
            refuse_without_disk(where, args.events, args.games)
        with (
            second_database(urls, f"tapis_scale_empty_{secrets.token_hex(4)}") as empty_urls,
            empty_redis(urls.redis_url, empty_urls.redis_url),
        ):
            try:
                result |= measure(args, urls, empty_urls, started, servers)
            finally:
                for process in servers:
                    stop_server(process)
    return result


def measure(
    args: argparse.Namespace, urls: ServiceUrls, empty_urls: ServiceUrls, started: float, servers: list[Any]
) -> dict[str, Any]:
    result: dict[str, Any] = {}
    began = time.perf_counter()
    pool = asyncio.run(bulk_store.pool(POOL))
    result["pool"] = {
        "seconds": round(time.perf_counter() - began, 1),
        "games": {f"{g[0].variant.game} {g[0].variant.players}p": [len(x.events) for x in g] for g in pool},
    }
    print(f"pool played in {result['pool']['seconds']} s", flush=True)
    plan = Plan(args.events, args.games, started + args.max_minutes * 60 * FILL_SHARE)
    portal = bulk_store.portal_ids(portal_keys())[0]
    # the same games in play in both stores (the same pool games, cut at the same commands), under ids of their own
    rng_state = plan.rng.getstate()
    shared: dict[str, list[list[Copy]]] = {"empty": [], "large": []}
    for name in shared:
        plan.rng.setstate(rng_state)
        shared[name] = [in_play(plan.rng, pool, PORTAL_GAMES, portal), in_play(plan.rng, pool, PROBES, None)]
    others = in_play(plan.rng, pool, ACTIVE - PORTAL_GAMES - PROBES, None)
    large_fill = fill(urls.database_url, finished(plan, pool), others + shared["large"][0], shared["large"][1])
    filled = asyncio.run(large_fill)
    result["fill"] = {
        "games": filled.games,
        "events": filled.events,
        "seconds": round(filled.seconds, 1),
        "events_per_s": round(filled.events / filled.seconds),
        "vacuum_analyze_seconds": round(filled.vacuum_seconds, 1),
        "stopped_at_time_bound": time.monotonic() > plan.deadline,
    }
    print(f"large store filled: {result['fill']}", flush=True)
    asyncio.run(fill(empty_urls.database_url, iter(()), shared["empty"][0], shared["empty"][1]))
    result["sizes"] = asyncio.run(sizes(urls.database_url))
    result["plans"] = asyncio.run(explain(urls.database_url, shared["large"][1][0]))
    remaining = args.max_minutes * 60 - (time.monotonic() - started)
    result["rebuild"] = {"large": rebuild(urls, remaining), "empty": rebuild(empty_urls, remaining)}
    result["redis_used_memory"] = {"large": asyncio.run(used_memory(urls.redis_url))}
    print(f"rebuilt: {result['rebuild']}", flush=True)
    sides = [
        Side("empty", empty_urls, shared["empty"][1], games=itertools.cycle(seeds(200, b"scale-empty"))),
        Side("large", urls, shared["large"][1], games=itertools.cycle(seeds(200, b"scale-large"))),
    ]
    for side in sides:
        process, side.port = start_server(side.urls)
        side.pid = process.pid
        servers.append(process)
    clock = Clock({"postgres": postmaster(urls.database_url)}, {"redis": redis_server(urls.redis_url)})
    result["http"] = measure_http(sides, empty_urls, clock, args.seconds, args.rounds)
    for process in list(servers):
        stop_server(process)
        servers.remove(process)
    result["archive"] = asyncio.run(archive(urls, ARCHIVE_SECONDS))
    result["seconds"] = round(time.monotonic() - started)
    return result


def report(result: dict[str, Any]) -> list[str]:
    http = result["http"]
    lines = [
        f"large store: {result['fill']['events']:,} events in {result['fill']['games']:,} games "
        f"(filled in {result['fill']['seconds']:,.0f} s, {result['fill']['events_per_s']:,} events/s; "
        f"VACUUM ANALYZE {result['fill']['vacuum_analyze_seconds']:,.0f} s)",
        "",
        "| figure | empty store | large store | large / empty |",
        "|---|---:|---:|---:|",
    ]

    def row(label: str, a: float, b: float, unit: str, digits: int = 1) -> None:
        lines.append(f"| {label} | {a:,.{digits}f} {unit} | {b:,.{digits}f} {unit} | {b / a if a else 0:.2f} |")

    for clients in CONCURRENCY:
        r = http[f"{clients} clients"]
        row(f"commands/s, {clients} clients", r["empty"]["per_s"], r["large"]["per_s"], "", 0)
        row(f"command p50, {clients} clients", r["empty"]["p50_ms"], r["large"]["p50_ms"], "ms")
        row(f"command p99, {clients} clients", r["empty"]["p99_ms"], r["large"]["p99_ms"], "ms")
        lines.append(f"| floor ops/s, {clients} clients (same rounds) | {r['floor']['per_s']:,.0f} | | |")
        for tier in r["empty"]["cpu_us_per_command"]:
            a, b = r["empty"]["cpu_us_per_command"][tier], r["large"]["cpu_us_per_command"][tier]
            row(f"CPU per command, {tier}, {clients} clients", a, b, "µs", 0)
    for label in ("lobby listing", "portal's games", "first command, projection flushed"):
        r = http[label]
        row(f"{label} p50", r["empty"]["p50_ms"], r["large"]["p50_ms"], "ms", 2)
        row(f"{label} p99", r["empty"]["p99_ms"], r["large"]["p99_ms"], "ms", 2)
    rb = result["rebuild"]
    row("`tapis rebuild --from-scratch` events/s", rb["empty"]["events_per_s"], rb["large"]["events_per_s"], "", 0)
    s, a = result["sizes"], result["archive"]
    lines += [
        "",
        f"rebuild of the large store: {rb['large']['events']:,} events in {rb['large']['seconds']:,.0f} s "
        f"({rb['large']['failures']} runs failed and were continued)",
        f"archive (oldest first, {a['seconds']} s): {a['games_per_s']} games/s, {a['events_per_s']:,} events/s, "
        f"{a['archive_bytes_per_game']:,} bytes a game archived",
        f"Postgres: events with indexes {s['events_bytes_per_event']} bytes an event (heap and TOAST "
        f"{s['events_heap_bytes_per_event']}); events, games, seat tokens and idempotency with their indexes "
        f"{s['hot_bytes_per_event']} bytes an event, {s['hot_bytes_per_game']:,} bytes a game",
        "indexes: " + ", ".join(f"{k} {v / 1024**2:,.0f} MiB" for k, v in s["indexes"].items()),
    ]
    for name, plan in result["plans"].items():
        lines.append(f"EXPLAIN ANALYZE {name}: {plan['execution']}; {' / '.join(plan['scans'][:2])}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=EVENTS, help="at least this many events in the large store")
    parser.add_argument("--games", type=int, help="at least this many finished games (default: events / 100)")
    parser.add_argument("--max-minutes", type=float, default=90.0, help="the run's hard time bound")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="per level and store, for ours and the floor")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="the seconds in this many alternating rounds")
    parser.add_argument("--out", type=Path, help="the figures as JSON, written here too")
    parser.add_argument("--no-disk-check", action="store_true", help="run even where the free disk is unknown")
    args = parser.parse_args(argv)
    args.games = args.games if args.games is not None else args.events // EVENTS_PER_GAME
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _raise_interrupt)
    signal.signal(signal.SIGALRM, _raise_out_of_time)
    signal.alarm(max(1, int(args.max_minutes * 60)))
    print("\n".join(describe()), flush=True)
    try:
        result = run(args)
    except (KeyboardInterrupt, OutOfTime) as exc:
        print(f"bench-scale stopped ({exc or 'interrupted'}); its databases and directories were removed", flush=True)
        return 130
    finally:
        signal.alarm(0)
    print(msgspec.json.format(msgspec.json.encode(result)).decode() if args.out is None else "", flush=True)
    if args.out is not None:
        args.out.write_bytes(msgspec.json.format(msgspec.json.encode(result)))
    print("\n".join(report(result)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
