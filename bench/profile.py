"""Where a command's time goes: cProfile around `GameCommands.command` on the service layer (no HTTP).

The process's own CPU is what the profile sees; time waiting on Postgres and Redis shows up as the event
loop's `select`, which is why the summary splits wall time into our CPU and the wait for the servers.
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import pstats
import time
from typing import Any

import asyncpg

from api.app import build_services, redis_client
from bench.latency import Player
from infra.embedded import ServiceUrls
from infra.settings import Settings

COMMANDS = 600


async def measure(urls: ServiceUrls) -> dict[str, Any]:
    settings = Settings(database_url=urls.database_url, redis_url=urls.redis_url)
    pool = await asyncpg.create_pool(urls.database_url, min_size=1, max_size=2)
    client = redis_client(urls.redis_url)
    try:
        services = build_services(pool, client, settings)
        player = await Player.new(services, b"\x42" * 32)
        await player.play_to(20)  # warm: statements prepared, codecs built
        profiler = cProfile.Profile()
        began, cpu = time.perf_counter(), time.process_time()
        profiler.enable()
        await player.play_to(20 + COMMANDS)
        profiler.disable()
        wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    finally:
        await client.aclose()
        await pool.close()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(18)
    return {"wall_ms": wall / COMMANDS * 1e3, "cpu_ms": cpu / COMMANDS * 1e3, "table": out.getvalue()}


def run(urls: ServiceUrls) -> dict[str, Any]:
    return asyncio.run(measure(urls))


def report(r: dict[str, Any]) -> list[str]:
    lines = [
        f"{COMMANDS} commands under cProfile: {r['wall_ms']:.2f} ms wall per command, of which "
        f"{r['cpu_ms']:.2f} ms CPU in this process (the rest is waiting on Postgres and Redis); "
        "the profile adds its own overhead to the CPU part",
        "top functions by own time:",
    ]
    body = r["table"].splitlines()
    start = next((i for i, line in enumerate(body) if "ncalls" in line), 0)
    return lines + [line for line in body[start:] if line.strip()]
