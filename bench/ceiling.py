"""`python -m bench.ceiling [--clients 16 64] [--rounds 6] [--seconds 2]`: how near the floor HTTP lets any Python
server come on this machine, beside Tapis, in one run.

Four sides, in alternating rounds (the order rotated every round, so the machine's drift weighs on each alike):
- **the floor** (bench/http_load.py): one asyncpg INSERT and one Redis SET per command, no HTTP;
- **the floor behind HTTP** (`bench.bare_app:stored` under uvicorn, uvloop and httptools, as `tapis serve` runs):
  a raw ASGI app that does exactly the floor's two writes for each POST and answers a fixed JSON body the size of
  a command's answer: no framework, no rules, no projection, no group commit;
- **bare HTTP** (`bench.bare_app:echo`): the same answer, nothing stored;
- **Tapis** (`tapis serve`, as `make bench` serves it), playing whole six-nimmt games as section 3 does.
The HTTP sides are driven by the same load generator (bench/http_client.py), each client on one keep-alive
connection. The ratio of "the floor behind HTTP" to the floor is the most any server built on uvicorn could reach
in the HTTP benchmark here, whatever it does between parsing and answering; the server's CPU per request (from
/proc) says where the rest goes.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

from bench import http_load
from bench.compare import cpu_seconds
from bench.http_client import Connection, HttpError
from bench.http_load import Game, Tally, figures, seeds, start_server, stop_server
from bench.servers import bench_servers
from infra.embedded import ServiceUrls

BODY = b'{"type":"play_card","card":42}'


def start_bare(app: str, urls: ServiceUrls) -> tuple[subprocess.Popen[bytes], int]:
    """One of bench/bare_app.py's apps under uvicorn as `tapis serve` runs it (uvloop, httptools, no access log)."""
    env = {**os.environ, "BARE_DATABASE_URL": urls.database_url, "BARE_REDIS_URL": urls.redis_url}
    uvicorn = [sys.executable, "-m", "uvicorn", f"bench.bare_app:{app}", "--loop", "uvloop", "--http", "httptools"]
    quiet = ["--log-level", "warning", "--no-access-log"]
    return start_server(urls, extra_env=env, command=lambda port: [*uvicorn, *quiet, "--port", str(port)])


async def bare(port: int, clients: int, seconds: float, latencies: list[float], tag: str) -> Tally:
    deadline = time.perf_counter() + seconds

    async def one(index: int) -> int:
        sent = 0
        async with Connection("127.0.0.1", port) as conn:
            path = f"/v1/games/{tag}-{index}/commands"
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                status, answer = await conn.request("POST", path, BODY, "t" * 43)
                latencies.append(time.perf_counter() - began)
                if status != 200:
                    raise HttpError(f"{status} {answer[:200]!r}")
                sent += 1
        return sent

    began = time.perf_counter()
    counts = await asyncio.gather(*(one(i) for i in range(clients)))
    return Tally(sum(counts), time.perf_counter() - began)


def measure(urls: ServiceUrls, levels: list[int], rounds: int, seconds: float) -> list[dict[str, Any]]:
    games: Iterator[bytes] = itertools.cycle(seeds(http_load.SCRIPTS, b"tapis-ceiling"))
    servers = {"stored": start_bare("stored", urls), "echo": start_bare("echo", urls), "tapis": start_server(urls)}
    rows = []
    try:
        for clients in levels:
            sides = ["floor", "stored", "echo", "tapis"]
            tallies = {side: Tally() for side in sides}
            latencies: dict[str, list[float]] = {side: [] for side in sides}
            cpu = dict.fromkeys(sides, 0.0)
            table: list[Game] = []
            for n in range(rounds):
                for side in sides[n % 4 :] + sides[: n % 4]:
                    if side == "floor":
                        run = http_load.floor(urls, clients, seconds, latencies[side])
                        tallies[side].add(asyncio.run(run))
                        continue
                    process, port = servers[side]
                    before = cpu_seconds(process.pid)
                    if side == "tapis":
                        run = http_load.ours(port, clients, games, seconds, latencies[side], table)
                    else:
                        run = bare(port, clients, seconds, latencies[side], f"r{n}c{clients}")
                    tallies[side].add(asyncio.run(run))
                    cpu[side] += cpu_seconds(process.pid) - before
            floor = figures(tallies["floor"], latencies["floor"])
            row: dict[str, Any] = {"clients": clients}
            for side in sides:
                f = figures(tallies[side], latencies[side])
                f["ratio"] = f["per_s"] / floor["per_s"]
                f["p99_ratio"] = f["p99_ms"] / floor["p99_ms"]
                f["cpu_us"] = cpu[side] / max(1, tallies[side].count) * 1e6 if side != "floor" else 0.0
                row[side] = f
            rows.append(row)
    finally:
        for process, _ in servers.values():
            stop_server(process)
    return rows


NAMES = {
    "floor": "the floor (INSERT + SET, no HTTP)",
    "stored": "the floor behind HTTP (raw ASGI on uvicorn)",
    "echo": "bare HTTP (raw ASGI on uvicorn, nothing stored)",
    "tapis": "Tapis (`tapis serve`, whole games)",
}


def report(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| clients | side | requests/s | of the floor | p50 ms | p99 ms | p99 / floor's | server CPU a request |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        for side, name in NAMES.items():
            f = r[side]
            cpu = f"{f['cpu_us']:.0f} µs" if side != "floor" else ""
            lines.append(
                f"| {r['clients']} | {name} | {f['per_s']:,.0f} | {f['ratio']:.2f} | {f['p50_ms']:.1f} "
                f"| {f['p99_ms']:.1f} | {f['p99_ratio']:.2f} | {cpu} |"
            )
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, nargs="+", default=[16, 64])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args(argv)
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()), flush=True)
    with bench_servers() as (urls, origin):
        print(f"Postgres and Redis: {origin}\n", flush=True)
        rows = measure(urls, args.clients, args.rounds, args.seconds)
    print("\n".join(report(rows)))
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
