"""Archive: hot-table size and command latency with N finished games in the hot tables, then archived.

`python -m bench.archive [N]` (default 10,000) on its own database (bench/servers.py). The N finished games are one
real four-bot six-nimmt game restored N times under new ids (`EventStore.restore`, as `tapis import` writes): the
same rows a played game leaves. Then: size of events+games and the median command latency of fresh games; then
everything archived (`Archiver`, as `tapis archive --older-than 0`), the tables vacuumed, measured again.
"""

from __future__ import annotations

import asyncio
import secrets
import statistics
import sys
import time
from typing import Any

import asyncpg
import msgspec

from bench.latency import Player
from bench.servers import bench_servers
from bootstrap import build_services, redis_client
from infra.embedded import ServiceUrls
from infra.settings import Settings
from services.export_check import restorable

COMMANDS = 60  # per measured game
GAMES = 3

SIZE = "SELECT pg_total_relation_size('events') + pg_total_relation_size('games')"


async def command_latency(services: Any, salt: int) -> float:
    players = [await Player.new(services, bytes([salt + i]) * 32) for i in range(GAMES)]
    for _ in range(COMMANDS):
        for player in players:
            await player.step()
    return statistics.median(t for p in players for t in p.timings) * 1e3


async def fill(services: Any, count: int) -> None:
    created = await services.commands.create("six-nimmt", 4, {}, None, None)
    for _ in range(4):
        await services.commands.join(created.game_id, created.admin_token, None, None, "random")
    await services.commands.start(created.game_id, created.admin_token)
    blob = await services.exports.export(created.game_id, None)
    template = created.game_id.encode()

    async def one(k: int) -> None:
        game_id = secrets.token_hex(8)
        record, events = restorable(blob.replace(template, game_id.encode()))
        await services.repo.store.restore(record, events)

    for start in range(0, count - 1, 50):
        await asyncio.gather(*(one(k) for k in range(start, min(start + 50, count - 1))))


async def measure(urls: ServiceUrls, count: int) -> dict[str, Any]:
    settings = Settings(database_url=urls.database_url, redis_url=urls.redis_url)
    pool = await asyncpg.create_pool(urls.database_url, min_size=1, max_size=8)
    client = redis_client(urls.redis_url)
    try:
        services = build_services(pool, client, settings)
        began = time.perf_counter()
        await fill(services, count)
        filled = time.perf_counter() - began
        await pool.execute("VACUUM ANALYZE events")
        hot = {"bytes": await pool.fetchval(SIZE), "command_ms": await command_latency(services, 1)}
        began = time.perf_counter()
        moved = 0
        while batch := await services.archiver.archive_older_than(0, 500):
            moved += len(batch)
        archiving = time.perf_counter() - began
        await pool.execute("VACUUM FULL events")
        await pool.execute("VACUUM FULL games")
        after = {
            "bytes": await pool.fetchval(SIZE),
            "archive_bytes": await pool.fetchval("SELECT pg_total_relation_size('archive')"),
            "command_ms": await command_latency(services, 101),
        }
        events = await pool.fetchval("SELECT count(*) FROM events")
    finally:
        await client.aclose()
        await pool.close()
    return {
        "games": count,
        "fill_s": filled,
        "archive_s": archiving,
        "moved": moved,
        "hot": hot,
        "after": after,
        "events_left": events,
    }


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with bench_servers() as (urls, origin):
        result = asyncio.run(measure(urls, count))
    print(origin)
    print(msgspec.json.format(msgspec.json.encode(result)).decode())


if __name__ == "__main__":
    main()
