"""`python -m bench.costs [--games N] [--active N] [--long N]`: what the work costs as it grows.

Not part of `make bench`: it took 13 minutes on a busy two-core machine (load average 11; 6 of them creating the
10,000 active games); `--only PART ...` runs some parts. Each part runs on a fresh Postgres database and an emptied
Redis database (bench/servers.py: the embedded servers unless DATABASE_URL and REDIS_URL are both set; **the Redis
database given is flushed**):

1. Postgres bytes per event and per finished game, for each game: `--games` (20) four-player games of it played to
   their end through the service layer (random legal moves, from a client-side mirror); the growth of
   `pg_total_relation_size` summed over every table of the schema (rows, indexes, TOAST), over the events stored
   and the games, beside the events' own row bytes (`pg_column_size`).
2. Redis bytes per active game, for each game: 200 four-player games created, joined and started; `MEMORY USAGE`
   (exact: `SAMPLES 0`) of the keys named after a game (its state), and the growth of every other key (the
   listing's summaries and indexes) shared out over the games; with the growth of `used_memory` beside.
3. API process memory with `--active` (10,000) active games: one `tapis serve`, its RSS (/proc) after a warm-up,
   then after that many six-nimmt games were created through the service layer and each got one command over
   HTTP from that server (so its caches hold every one, as a server playing them all would).
4. The first command of a `--long` (10,000)-event game after Redis was flushed: a fresh `tapis serve` per try, one
   command of another game first (connections and statements ready), FLUSHDB, then the long game's next command
   timed over HTTP, and a short game's (about 50 events) beside it, each first after the flush; three tries.
5. Commands/s with 1 and 2 API processes (`tapis serve --workers 2`), the HTTP benchmark's load (16 clients) in
   alternating rounds with the floor (bench/compare.py).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import re
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import redis.asyncio as redis

from bench import compare, http_load, machine
from bench.http_client import Connection, HttpError
from bench.mirror import Mirror
from bench.servers import bench_servers
from bootstrap import Services, build_services, redis_client
from domain.games.registry import GAMES
from infra.embedded import ServiceUrls
from infra.settings import Settings

PLAYERS = 4
FINISHED_GAMES = 20
ACTIVE_EACH = 200
ACTIVE = 10_000
LONG = 10_000
LONG_OPTIONS: dict[str, Any] = {"end": {"kind": "rounds", "rounds": 100}}  # six-nimmt's longest game
TRIES = 3
CONCURRENCY = 32  # games set up at once through the service layer

TOTAL_SIZE = """
SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'm', 'p')
"""
EVENT_ROWS = "SELECT count(*), coalesce(sum(pg_column_size(e.*)), 0)::bigint FROM events e WHERE stream_id = ANY($1)"


class Played:
    """A game with four human seats, driven through the service layer or over HTTP by its client-side mirror."""

    def __init__(self, game_id: str, tokens: list[str], mirror: Mirror) -> None:
        self.game_id, self.tokens, self.mirror = game_id, tokens, mirror

    @classmethod
    async def new(cls, services: Services, game: str, seed: bytes, options: dict[str, Any] | None = None) -> Played:
        options = options or {}
        created = await services.commands.create(game, PLAYERS, options, seed.hex(), None)
        game_id = created.game_id
        tokens = []
        for seat in range(PLAYERS):
            token = (await services.commands.join(game_id, None, f"p{seat}", None, None)).player_token
            assert token is not None  # a person's seat (a bot's has none)
            tokens.append(token)
        await services.commands.start(game_id, created.admin_token)
        return cls(game_id, tokens, Mirror(game, PLAYERS, options, seed, game_id=game_id))

    @property
    def version(self) -> int:
        return self.mirror.table.version

    async def step(self, services: Services) -> None:
        seat, move, body = self.mirror.next_move()
        await services.commands.command(self.game_id, self.tokens[seat], body, None, None)
        self.mirror.play(seat, move)

    async def http_step(self, conn: Connection) -> float:
        """One command over HTTP; the seconds it took."""
        seat, move, body = self.mirror.next_move()
        began = time.perf_counter()
        status, answer = await conn.request("POST", f"/v1/games/{self.game_id}/commands", body, self.tokens[seat])
        took = time.perf_counter() - began
        if status != 200:
            raise HttpError(f"command refused: {status} {answer[:300]!r}")
        self.mirror.play(seat, move)
        return took


def seeds(label: str) -> Iterator[bytes]:
    """Distinct seeds, as many as wanted (a created game needs one: the server is in test mode)."""
    for n in itertools.count():
        yield hashlib.sha256(f"{label}:{n}".encode()).digest()


async def gathered(count: int, make: Any) -> list[Any]:
    """`make(i)` for i in range(count), CONCURRENCY at a time."""
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(index: int) -> Any:
        async with gate:
            return await make(index)

    return list(await asyncio.gather(*(one(i) for i in range(count))))


@asynccontextmanager
async def service_layer(urls: ServiceUrls) -> Any:
    settings = Settings(database_url=urls.database_url, redis_url=urls.redis_url, test_mode=True)  # client seeds
    pool = await asyncpg.create_pool(urls.database_url, min_size=1, max_size=http_load.POOL_SIZE)
    client = redis_client(urls.redis_url)
    try:
        yield build_services(pool, client, settings), pool
    finally:
        await client.aclose()
        await pool.close()


async def flush(url: str) -> None:
    client = redis.Redis.from_url(url)
    try:
        await client.flushdb()
    finally:
        await client.aclose()


# -- 1. Postgres -------------------------------------------------------------------------------------------------


async def postgres_bytes(urls: ServiceUrls, games: int) -> list[dict[str, Any]]:
    rows = []
    async with service_layer(urls) as (services, pool):
        for name in GAMES:
            made = seeds(f"pg-{name}")
            before = await pool.fetchval(TOTAL_SIZE)

            async def finished(_: int, name: str = name, made: Iterator[bytes] = made) -> Played:
                played = await Played.new(services, name, next(made))
                while played.mirror.active:
                    await played.step(services)
                return played

            done = await gathered(games, finished)
            after = await pool.fetchval(TOTAL_SIZE)
            count, row_bytes = await pool.fetchrow(EVENT_ROWS, [p.game_id for p in done])
            grown = after - before
            rows.append(
                {
                    "game": name,
                    "games": games,
                    "events_per_game": count / games,
                    "per_game": grown / games,
                    "per_event": grown / count,
                    "event_row": row_bytes / count,
                }
            )
    return rows


# -- 2. Redis ----------------------------------------------------------------------------------------------------


async def key_sizes(client: redis.Redis) -> dict[bytes, int]:
    sizes = {}
    async for key in client.scan_iter(count=1000):
        used = await client.memory_usage(key, samples=0)
        if used is not None:
            sizes[key] = int(used)
    return sizes


async def redis_bytes(urls: ServiceUrls, count: int) -> list[dict[str, Any]]:
    rows = []
    client = redis.Redis.from_url(urls.redis_url)
    try:
        async with service_layer(urls) as (services, _):
            for name in GAMES:
                made = seeds(f"redis-{name}")
                before, memory_before = await key_sizes(client), (await client.info("memory"))["used_memory"]
                created = await gathered(count, lambda _, name=name, made=made: Played.new(services, name, next(made)))
                after, memory_after = await key_sizes(client), (await client.info("memory"))["used_memory"]
                ids = {p.game_id for p in created}
                own = [size for key, size in after.items() if game_of(key) in ids]
                shared = sum(size for key, size in after.items() if game_of(key) is None) - sum(
                    size for key, size in before.items() if game_of(key) is None
                )
                rows.append(
                    {
                        "game": name,
                        "games": count,
                        "own_keys": len(own) / count,
                        "own": sum(own) / count,
                        "shared": shared / count,
                        "used_memory": (memory_after - memory_before) / count,
                    }
                )
    finally:
        await client.aclose()
    return rows


GAME_ID = re.compile(rb"(?<![0-9a-f])[0-9a-f]{16}(?![0-9a-f])")  # a game id: 16 hex digits (secrets.token_hex(8))


def game_of(key: bytes) -> str | None:
    """The game a key belongs to, when its name holds a game id (its state); None for a key every game shares."""
    found = GAME_ID.search(key)
    return found[0].decode() if found else None


# -- 3. API process memory ---------------------------------------------------------------------------------------


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def one_command_each(port: int, games: list[Played], clients: int = 16) -> None:
    async def client(index: int) -> None:
        async with Connection("127.0.0.1", port) as conn:
            for played in games[index::clients]:
                await played.http_step(conn)

    await asyncio.gather(*(client(i) for i in range(clients)))


async def _memory(urls: ServiceUrls, port: int, pid: int, count: int) -> dict[str, Any]:
    async with service_layer(urls) as (services, _):
        made = seeds("memory")
        warm = [await Played.new(services, "six-nimmt", next(made)) for _ in range(4)]
        for _ in range(5):
            await one_command_each(port, warm, clients=4)
        started = rss_bytes(pid)
        began = time.perf_counter()
        games = await gathered(count, lambda _: Played.new(services, "six-nimmt", next(made)))
        created = time.perf_counter() - began
        await one_command_each(port, games)
        held = rss_bytes(pid)
    return {"games": count, "rss_start": started, "rss_after": held, "created_s": created}


def api_memory(urls: ServiceUrls, count: int) -> dict[str, Any]:
    process, port = http_load.start_server(urls)
    try:
        return asyncio.run(_memory(urls, port, process.pid, count))
    finally:
        http_load.stop_server(process)


# -- 4. The first command after a flush --------------------------------------------------------------------------


async def _long_games(urls: ServiceUrls, events: int) -> tuple[Played, Played, list[Played]]:
    async with service_layer(urls) as (services, _):
        made = seeds("long")
        long = await Played.new(services, "six-nimmt", next(made), LONG_OPTIONS)
        while long.version < events:
            if not long.mirror.active:
                raise RuntimeError(f"the long game ended at {long.version} events, before {events}")
            await long.step(services)
        short = await Played.new(services, "six-nimmt", next(made), LONG_OPTIONS)
        while short.version < 50:
            await short.step(services)
        warm = [await Played.new(services, "six-nimmt", next(made), LONG_OPTIONS) for _ in range(TRIES)]
    return long, short, warm


async def _after_flush(urls: ServiceUrls, port: int, long: Played, short: Played, warm: Played) -> dict[str, float]:
    async with Connection("127.0.0.1", port) as conn:
        await warm.http_step(conn)  # the pool connected, the statements prepared
        await flush(urls.redis_url)
        long_first = await long.http_step(conn)
        short_first = await short.http_step(conn)
        long_next = await long.http_step(conn)
    return {"long_first": long_first, "short_first": short_first, "long_next": long_next}


def first_command(urls: ServiceUrls, events: int) -> dict[str, Any]:
    long, short, warm = asyncio.run(_long_games(urls, events))
    stored, short_stored = long.version, short.version  # before the timed commands
    tries = []
    for game in warm:
        process, port = http_load.start_server(urls)  # a fresh process: nothing of the games in its caches
        try:
            tries.append(asyncio.run(_after_flush(urls, port, long, short, game)))
        finally:
            http_load.stop_server(process)
    return {"events": stored, "short_events": short_stored, "tries": tries}


# -- 5. One and two API processes --------------------------------------------------------------------------------


def processes(urls: ServiceUrls) -> dict[str, Any]:
    sides = [compare.Side.parse("."), compare.Side.parse(".,--workers=2")]
    return compare.measure(urls, sides, [http_load.ROOT, http_load.ROOT], 16, compare.ROUNDS, compare.SECONDS)


# -- the report --------------------------------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.costs", description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=FINISHED_GAMES, help="finished games per game (Postgres)")
    parser.add_argument("--active", type=int, default=ACTIVE, help="active games held by the API process")
    parser.add_argument("--long", type=int, default=LONG, help="events of the long game")
    parser.add_argument("--only", nargs="*", choices=["postgres", "redis", "memory", "first", "processes"])
    options = parser.parse_args(argv)
    wanted = set(options.only or ["postgres", "redis", "memory", "first", "processes"])
    print("# Tapis: cost as the work grows\n")
    print("\n".join(machine.describe()), flush=True)
    print(f"command: python -m bench.costs {' '.join(argv)}".rstrip(), flush=True)

    def part(name: str, title: str) -> Iterator[ServiceUrls]:
        if name not in wanted:
            return
        began = time.perf_counter()
        with bench_servers() as (urls, origin):
            asyncio.run(flush(urls.redis_url))
            print(f"\n## {title}\n\n(Postgres and Redis: {origin})\n", flush=True)
            yield urls
        print(f"\n({time.perf_counter() - began:.0f} s; load average now {machine.load()})", flush=True)

    for urls in part("postgres", "Postgres bytes per event and per finished game"):
        print("| game | games | events a game | bytes a finished game | bytes an event | an event's row |")
        print("|---|---:|---:|---:|---:|---:|")
        for r in asyncio.run(postgres_bytes(urls, options.games)):
            print(
                f"| {r['game']} | {r['games']} | {r['events_per_game']:,.0f} | {r['per_game']:,.0f} "
                f"| {r['per_event']:,.0f} | {r['event_row']:,.0f} |"
            )
    for urls in part("redis", "Redis bytes per active game"):
        print("| game | games | own keys a game | their bytes | shared keys' growth a game | used_memory a game |")
        print("|---|---:|---:|---:|---:|---:|")
        for r in asyncio.run(redis_bytes(urls, ACTIVE_EACH)):
            print(
                f"| {r['game']} | {r['games']} | {r['own_keys']:.1f} | {r['own']:,.0f} | {r['shared']:,.0f} "
                f"| {r['used_memory']:,.0f} |"
            )
    for urls in part("memory", f"API process memory with {options.active:,} active games"):
        m = api_memory(urls, options.active)
        mib = 1024 * 1024
        print(
            f"RSS after a warm-up: {m['rss_start'] / mib:,.1f} MiB; with {m['games']:,} active six-nimmt games "
            f"(each served one command): {m['rss_after'] / mib:,.1f} MiB, "
            f"{(m['rss_after'] - m['rss_start']) / m['games'] / 1024:,.1f} KiB a game "
            f"(the games were created in {m['created_s']:.0f} s through the service layer)"
        )
    for urls in part("first", f"The first command of a {options.long:,}-event game after FLUSHDB"):
        f = first_command(urls, options.long)
        print("| try | long game's first command ms | short game's first ms | long game's next ms | long / short |")
        print("|---:|---:|---:|---:|---:|")
        for n, t in enumerate(f["tries"], 1):
            print(
                f"| {n} | {t['long_first'] * 1e3:.1f} | {t['short_first'] * 1e3:.1f} | {t['long_next'] * 1e3:.1f} "
                f"| {t['long_first'] / t['short_first']:.1f} |"
            )
        median = statistics.median(t["long_first"] for t in f["tries"]) * 1e3
        print(f"\nthe long game held {f['events']:,} events before its first timed command, the short one", end=" ")
        print(f"{f['short_events']}; the long game's first command after the flush: {median:.0f} ms (median)")
    for urls in part("processes", "Commands/s with 1 and 2 API processes (16 clients)"):
        results = processes(urls)
        print("\n".join(compare.lines(results)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
