"""HTTP commands/s and latency on one Postgres and one Redis primary against the scaled-out deployment: a local
3-master Redis Cluster and, where Citus is built into Debian's PostgreSQL 15, a local Citus cluster (a coordinator
and two workers) as the event store.

The same load as `bench/http_load.py` (clients playing whole four-player six-nimmt games, one POST per move), on
one `tapis serve` per side, in alternating rounds so a slow minute of a shared machine weighs on both alike; the
clusters are started here (infra/local_cluster.py, no replicas; tools/citus_cluster.py) and stopped at the end. On
one machine the clusters' servers share the cores with the API: this measures the cost of the distributed engines
(slot routing, one script call per shard in a group commit, the merged listing; the coordinator routing each
append to its worker), not the scaling that separate hosts bring. Without Citus the scaled side is the Redis
Cluster on the single Postgres, and the report says so. `python -m bench.redis_cluster` runs it alone on the bench
servers (bench/servers.py); `make bench` runs it as its "scale" section.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.http_load import Game, Tally, figures, ours, seeds, start_server, stop_server
from infra.embedded import ServiceUrls
from infra.local_cluster import LocalRedisCluster
from infra.migrate import upgrade
from tools import citus_cluster

CONCURRENCY = (1, 16, 64)
SECONDS = 4.0  # per concurrency level and side (`make bench` stays under its 4 minutes)
ROUNDS = 2
DATABASE = "tapis_bench_scale"


@contextlib.contextmanager
def event_store(urls: ServiceUrls) -> Iterator[tuple[str, str]]:
    """The scaled side's Postgres: a migrated database on a local Citus cluster, or the bench's own Postgres when
    Citus is not here; yields (URL, what it is)."""
    why = citus_cluster.missing()
    if why is not None:
        yield urls.database_url, f"one Postgres (Citus not run: {why})"
        return
    with citus_cluster.CitusCluster() as citus:  # a root of its own, which the servers' user may enter
        url = citus.create_database(DATABASE)
        upgrade(url)  # the migrations distribute the tables by game id (infra/migrations/versions/0009_citus.py)
        yield url, "Citus 12.1, a coordinator and two workers"


def run(urls: ServiceUrls) -> list[dict[str, Any]]:
    games = itertools.cycle(seeds(200, b"tapis-bench-cluster"))
    root = Path(tempfile.mkdtemp(prefix="tapis-bench-cluster-"))
    rows: list[dict[str, Any]] = []
    try:
        with LocalRedisCluster(root, masters=3) as cluster, event_store(urls) as (database_url, store):
            on_cluster = ServiceUrls(database_url=database_url, redis_url=cluster.url)
            single, single_port = start_server(urls)
            try:
                clustered, cluster_port = start_server(on_cluster)
                try:
                    for clients in CONCURRENCY:
                        one, many = Tally(), Tally()
                        mine: list[Game] = []  # each side's open games, kept from round to round
                        theirs: list[Game] = []
                        one_latencies: list[float] = []
                        many_latencies: list[float] = []
                        for _ in range(ROUNDS):
                            one.add(
                                asyncio.run(ours(single_port, clients, games, SECONDS / ROUNDS, one_latencies, mine))
                            )
                            many.add(
                                asyncio.run(
                                    ours(cluster_port, clients, games, SECONDS / ROUNDS, many_latencies, theirs)
                                )
                            )
                        a, b = figures(one, one_latencies), figures(many, many_latencies)
                        version = ".".join(map(str, cluster.version))
                        rows.append({"clients": clients, "single": a, "cluster": b, "redis": version, "store": store})
                finally:
                    stop_server(clustered)
            finally:
                stop_server(single)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return rows


def report(rows: list[dict[str, Any]]) -> list[str]:
    redis, store = (rows[0]["redis"], rows[0]["store"]) if rows else ("?", "?")
    lines = [
        f"One Postgres and one Redis primary against a 3-master Redis Cluster (Redis {redis}) on {store}, "
        "all on this machine",
        "",
        "| clients | single node commands/s | p50 ms | p99 ms | scaled-out commands/s | p50 ms | p99 ms "
        "| scaled / single |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        a, b = r["single"], r["cluster"]
        lines.append(
            f"| {r['clients']} | {a['per_s']:,.0f} | {a['p50_ms']:.1f} | {a['p99_ms']:.1f} "
            f"| {b['per_s']:,.0f} | {b['p50_ms']:.1f} | {b['p99_ms']:.1f} | {b['per_s'] / a['per_s']:.2f} |"
        )
    return lines


if __name__ == "__main__":
    from bench.servers import bench_servers

    with bench_servers() as (bench_urls, origin):
        print(f"Postgres and Redis: {origin}\n")
        print("\n".join(report(run(bench_urls))))
