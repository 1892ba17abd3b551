"""5. Where a command's time goes in the server: cProfile around `tapis serve`'s event loop.

The app runs here under uvicorn (uvloop, httptools, as `tapis serve` runs it) while another process plays
games against it over HTTP at 16 clients. The profile sees only the server's thread: HTTP parsing, Litestar,
the services, the domain, the drivers, the background loops. cProfile slows Python code more than C code,
so the shares lean towards the Python layers; they say where to look, not what each costs unprofiled.
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
import uvicorn
import uvloop

from api.app import serve_app
from bench.http_load import free_port
from infra.embedded import ServiceUrls
from infra.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = 16
SECONDS = 8.0

# (label, file ending, function): a layer's time is its outermost function's time including what it calls
LAYERS: list[tuple[str, str, str]] = [
    ("whole request: uvicorn, the middlewares, the command", "httptools_impl.py", "run_asgi"),
    ("  the command in the service layer (awaits excluded)", "services/commands.py", "command"),
    ("    the domain: decide and fold (table.play)", "domain/kernel/table.py", "play"),
    ("    the answer: events redacted for the seat", "services/results.py", "shown_events"),
    ("group commit to Postgres: statement + asyncpg", "infra/event_store.py", "_append_batch"),
    ("group commit to Redis: script + redis-py", "infra/projections.py", "_save_batch"),
    ("HTTP parsing (uvicorn, httptools)", "httptools_impl.py", "data_received"),
    ("catch-up projector (reads the log)", "services/projector.py", "step"),
    ("webhook intake and deliveries", "services/webhooks.py", "step"),
]


def _cumulative(stats: pstats.Stats, ending: str, function: str) -> float:
    # (file, line, function) -> (primitive calls, calls, own time, cumulative time, callers)
    table: dict[tuple[str, int, str], tuple[int, int, float, float, dict[Any, Any]]]
    table = stats.stats  # type: ignore[attr-defined]  # typeshed leaves Stats.stats undeclared
    return sum(row[3] for (file, _, name), row in table.items() if name == function and file.endswith(ending))


async def _profile(urls: ServiceUrls) -> dict[str, Any]:
    settings = Settings(
        database_url=urls.database_url,
        redis_url=urls.redis_url,
        rate_commands="0",
        rate_create="0",
        rate_create_total="0",
        test_mode=True,  # the driver's clients choose their games' seeds, as in bench/http_load.py
    )
    port = free_port()
    config = uvicorn.Config(
        serve_app(settings), host="127.0.0.1", port=port, log_level="warning", access_log=False, lifespan="on"
    )
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    while not server.started:  # noqa: ASYNC110 (uvicorn offers a flag, not an event)
        await asyncio.sleep(0.05)
    driver = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.drive", str(port), str(CLIENTS), str(SECONDS),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert driver.stdout is not None
    await driver.stdout.readline()  # ready: the moves are worked out, the clock starts
    profiler = cProfile.Profile()
    cpu = time.process_time()
    profiler.enable()
    done = msgspec.json.decode(await driver.stdout.readline())
    profiler.disable()
    cpu = time.process_time() - cpu
    await driver.wait()
    server.should_exit = True
    await serving
    stats = pstats.Stats(profiler)
    commands = max(1, int(done["commands"]))
    layers = [(label, _cumulative(stats, ending, fn) / commands * 1e6) for label, ending, fn in LAYERS]
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
    return {"commands": commands, "cpu_us": cpu / commands * 1e6, "layers": layers, "top": out.getvalue()}


def run(urls: ServiceUrls) -> dict[str, Any]:
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:  # the loop uvicorn picks when it serves
        return runner.run(_profile(urls))


def report(r: dict[str, Any]) -> list[str]:
    lines = [
        f"{r['commands']:,} commands from {CLIENTS} clients over HTTP, the server under cProfile: "
        f"{r['cpu_us']:.0f} µs of server CPU per command (profiled; about twice the unprofiled cost)",
        "",
        "| where (inclusive) | µs per command | share of the server's CPU |",
        "|---|---:|---:|",
    ]
    lines += [f"| {label} | {us:.0f} | {us / r['cpu_us']:.0%} |" for label, us in r["layers"]]
    lines += ["", "top functions by own time:"]
    body = r["top"].splitlines()
    start = next((i for i, line in enumerate(body) if "ncalls" in line), 0)
    return lines + [line for line in body[start:] if line.strip()]
