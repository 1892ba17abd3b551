"""What a command costs each tier, single node against scaled out, in one run (issue 30, item 2).

`python -m bench.tier_costs [--seconds S] [--rounds R]`: one `tapis serve` on the bench's Postgres and Redis
(bench/servers.py) and two on a local Citus cluster (a coordinator and two workers, tools/citus_cluster.py, on ports
9710 to 9712 so as not to meet the test suite's), each with a database on it and a local 3-master Redis Cluster
(infra/local_cluster.py) of its own: one sending its appends through the coordinator, one to the workers themselves
(TAPIS_CITUS_WORKER_APPENDS). All three under bench/http_load.py's load (16 and 64 clients playing whole six-nimmt
games) in alternating rounds. Around each
round it reads the CPU time of every process of the side's tiers from /proc (bench/tiers.py): the API process,
Postgres or the coordinator and each worker, Redis or each master, and the load generator; each figure is µs of
CPU per command. Beside them, the prepared transactions the nodes recorded (`pg_dist_transaction` on each, its
recovery turned off for the run so none is cleaned away): a group commit whose games are on both workers commits in two
phases, one prepared transaction per worker.

Everything shares this machine's two cores, so the scaled-out side's wall-clock figures measure contention; its
CPU per command is what the distribution itself costs. The Citus nodes run with fsync off (the test cluster's
settings), the single node with fsync on: fsync is waiting, not CPU, and shows in latency, not in these figures.
Skips the scaled side, saying why, where Citus is not built here.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import shutil
import tempfile
from pathlib import Path
from typing import Any

import asyncpg
import msgspec

from bench.http_load import Game, Tally, figures, ours, seeds, start_server, stop_server
from bench.machine import describe
from bench.servers import bench_servers
from bench.tiers import Clock, Meter, postmaster, redis_server
from infra.embedded import ServiceUrls
from infra.local_cluster import HOST, LocalRedisCluster
from infra.migrate import upgrade
from tools import citus_cluster

CONCURRENCY = (16, 64)
SECONDS = 16.0  # per level and side, in ROUNDS alternating rounds
ROUNDS = 8
DATABASES = ("tapis_bench_tiers", "tapis_bench_tiers_workers")  # a scaled-out side each
PORTS = (9710, 9711, 9712)  # not the test suite's 9700..9702: a Citus test run may be on at the same time
PREPARED = "SELECT count(*) FROM pg_dist_transaction"
WARM_UP = 1.0  # seconds per side before each level's rounds
IDLE = 4.0  # seconds per side of no load, before each level's rounds: the background's CPU


async def _prepared(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval(PREPARED))
    finally:
        await conn.close()


class Scaled:
    """A scaled-out side's servers and how to read them; `nodes`: its database on each Citus node."""

    def __init__(self, urls: ServiceUrls, clock: Clock, nodes: list[str]) -> None:
        self.urls, self.clock, self.nodes = urls, clock, nodes

    def prepared(self) -> int:
        """The prepared transactions every node recorded: a worker that commits appends sent to it in two phases
        records them itself, not the coordinator."""
        return sum(asyncio.run(_prepared(url)) for url in self.nodes)


# the sides, each its own `tapis serve`; both scaled-out sides on the same Citus cluster and Redis Cluster, in turn
SINGLE, SCALED, DIRECT = "single node", "scaled out", "scaled out, worker appends"
SCALED_SIDES = (SCALED, DIRECT)
ENV = {SINGLE: {}, SCALED: {"TAPIS_CITUS_WORKER_APPENDS": "0"}, DIRECT: {"TAPIS_CITUS_WORKER_APPENDS": "1"}}


def measure(single: ServiceUrls, scaled: dict[str, Scaled], seconds: float, rounds: int) -> list[dict[str, Any]]:
    """`scaled`: each scaled-out side's servers (SCALED_SIDES), each its own database and Redis Cluster."""
    clocks = {
        SINGLE: Clock({"postgres": postmaster(single.database_url)}, {"redis": redis_server(single.redis_url)}),
        **{name: side.clock for name, side in scaled.items()},
    }
    urls = {SINGLE: single, **{name: side.urls for name, side in scaled.items()}}
    games = {name: itertools.cycle(seeds(200, name.encode())) for name in urls}
    servers = {}
    try:
        for name, side in urls.items():
            servers[name] = start_server(side, ENV[name])
        rows = []
        for clients in CONCURRENCY:
            tallies = {name: Tally() for name in urls}
            latencies: dict[str, list[float]] = {name: [] for name in urls}
            tables: dict[str, list[Game]] = {name: [] for name in urls}
            meters = {name: Meter(clocks[name], {"api": servers[name][0].pid}) for name in urls}
            prepared = dict.fromkeys(SCALED_SIDES, 0)
            for name in urls:  # not measured: every client's first game created, joined and started
                port = servers[name][1]
                asyncio.run(ours(port, clients, games[name], WARM_UP, [], tables[name]))
            idle = {name: Meter(clocks[name], {"api": servers[name][0].pid}) for name in urls}
            for name in urls:
                idle[name].idle(IDLE)
            for _ in range(rounds):
                for name in urls:
                    before = scaled[name].prepared() if name in scaled else 0
                    with meters[name].measuring():
                        port = servers[name][1]
                        tally = ours(port, clients, games[name], seconds / rounds, latencies[name], tables[name])
                        tallies[name].add(asyncio.run(tally))
                    if name in scaled:
                        prepared[name] += scaled[name].prepared() - before
            row: dict[str, Any] = {"clients": clients}
            for name in urls:
                row[name] = dict(figures(tallies[name], latencies[name]))
                row[name]["cpu_us_per_command"] = meters[name].per_command(tallies[name].count)
                rates = idle[name].rates()
                row[name]["idle_cpu_per_s"] = {tier: round(rate, 3) for tier, rate in rates.items()}
                row[name]["net_cpu_us_per_command"] = meters[name].net_per_command(tallies[name].count, rates)
            for name in SCALED_SIDES:
                row[name]["prepared_per_command"] = round(prepared[name] / max(tallies[name].count, 1), 3)
            rows.append(row)
        return rows
    finally:
        for process, _ in servers.values():
            stop_server(process)


def run(urls: ServiceUrls, seconds: float, rounds: int) -> dict[str, Any]:
    why = citus_cluster.missing()
    if why is not None:
        return {"skipped": f"Citus is not built here: {why}"}
    root = Path(tempfile.mkdtemp(prefix="tapis-bench-tiers-"))
    no_recovery = {port: {"citus.recover_2pc_interval": "-1"} for port in PORTS}
    try:
        # each scaled-out side on a database and a Redis Cluster of its own, on the same Citus nodes: sharing one,
        # each server's projector and webhook intake would also read the log the other side's commands write
        with (
            LocalRedisCluster(root / "coordinator", masters=3) as first,
            LocalRedisCluster(root / "workers", masters=3) as second,
            citus_cluster.CitusCluster(ports=PORTS, settings=no_recovery) as citus,
        ):
            scaled = {}
            for (name, cluster), database in zip(((SCALED, first), (DIRECT, second)), DATABASES, strict=True):
                coordinator = citus.create_database(database)
                upgrade(coordinator)  # the migrations distribute the tables by game id (0009_citus.py)
                clock = Clock(
                    {
                        "coordinator": postmaster(coordinator),
                        **{
                            f"worker {n}": postmaster(citus.url(database, port))
                            for n, port in enumerate(citus.workers, 1)
                        },
                    },
                    {f"redis {port}": redis_server(f"redis://{HOST}:{port}/0") for port in cluster.primaries()},
                )
                urls_of_side = ServiceUrls(database_url=coordinator, redis_url=cluster.url)
                nodes = [coordinator, *(citus.url(database, port) for port in citus.workers)]
                scaled[name] = Scaled(urls_of_side, clock, nodes)
            return {
                "rows": measure(urls, scaled, seconds, rounds),
                "redis": ".".join(map(str, first.version)),
                "not measured": sorted({m for side in scaled.values() for m in side.clock.missing}),
            }
    finally:
        shutil.rmtree(root, ignore_errors=True)


def report(result: dict[str, Any]) -> list[str]:
    if "skipped" in result:
        return [result["skipped"]]
    lines = [
        f"Single node (one Postgres, one Redis) against Citus (a coordinator, two workers) with a 3-master Redis "
        f"Cluster (Redis {result['redis']}), all on this machine; µs of CPU per command",
        "",
    ]
    for row in result["rows"]:
        a = row[SINGLE]
        sides = [(name, row[name]) for name in (SINGLE, *SCALED_SIDES) if name in row]
        lines += [
            f"{row['clients']} clients: "
            + "; ".join(
                f"{name} {side['per_s']:,.0f} commands/s, p99 {side['p99_ms']:.1f} ms"
                + (f", prepared transactions per command {side['prepared_per_command']}" if name != SINGLE else "")
                for name, side in sides
            ),
            "",
            "| side | " + " | ".join(["api", "Postgres tiers", "Redis tiers", "servers", "load generator"]) + " |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for label, side, key in [
            *((name, side, "cpu_us_per_command") for name, side in sides),
            *((f"{name}, background off", side, "net_cpu_us_per_command") for name, side in sides),
        ]:
            cpu = side[key]
            postgres = sum(v for k, v in cpu.items() if k in ("postgres", "coordinator") or k.startswith("worker"))
            redis_cpu = sum(v for k, v in cpu.items() if k.startswith("redis"))
            lines.append(
                f"| {label} | {cpu['api']} | {postgres} | {redis_cpu} | {cpu['servers']} | {cpu['load generator']} |"
            )
        lines.append("")
        for name, side in sides[1:]:
            parts = ", ".join(f"{k} {v}" for k, v in side["cpu_us_per_command"].items())
            ratio = side["net_cpu_us_per_command"]["servers"] / max(a["net_cpu_us_per_command"]["servers"], 1)
            lines.append(
                f"{name} by process: {parts}; servers' CPU a command (background off) {ratio:.2f}x the single node's"
            )
        idle = "; ".join(
            f"{name}: " + ", ".join(f"{k} {v:.3f}" for k, v in side["idle_cpu_per_s"].items() if k != "load generator")
            for name, side in sides
        )
        lines += [f"idle, CPU seconds a second: {idle}", ""]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args(argv)
    print("\n".join(describe()), flush=True)
    with bench_servers() as (urls, origin):
        print(f"single node: {origin}", flush=True)
        result = run(urls, args.seconds, args.rounds)
    print("\n".join(report(result)), flush=True)
    print(msgspec.json.format(msgspec.json.encode(result)).decode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
