"""`python -m bench` (`make bench`): every benchmark in one run, with the machine it ran on.

`python -m bench domain latency http peer profile scale` runs only the sections named.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from bench import domain_speed, http_load, latency, machine, peer, profile, redis_cluster
from bench.servers import bench_servers

SERVER_SECTIONS: dict[str, tuple[str, Callable[[Any], Any], Callable[[Any], list[str]]]] = {
    "latency": (
        "2. Command latency against game length (service layer, Postgres + Redis)",
        latency.run,
        latency.report,
    ),
    "http": ("3. HTTP end to end against tapis serve, and the floor", http_load.run, http_load.report),
    "peer": ("4. Peer: our event store against eventsourcing's Postgres recorder", peer.run, peer.report),
    "scale": (
        "5. Scaled out: Redis Cluster and Citus against one Redis and one Postgres, over HTTP",
        redis_cluster.run,
        redis_cluster.report,
    ),
    "profile": (
        "6. Profile of the hottest path: the server under cProfile, 16 clients over HTTP",
        profile.run,
        profile.report,
    ),
}


def section(title: str, lines: list[str], seconds: float) -> None:
    print(f"\n## {title}  ({seconds:.1f} s)\n")
    print("\n".join(lines), flush=True)


def main(argv: list[str]) -> int:
    wanted = set(argv) or {"domain", *SERVER_SECTIONS}
    unknown = wanted - {"domain", *SERVER_SECTIONS}
    if unknown:
        print(f"unknown sections: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    print("# Tapis benchmarks\n")
    print("\n".join(machine.describe()), flush=True)
    if "domain" in wanted:
        began = time.perf_counter()
        rows = domain_speed.run()
        section("1. Domain: random bots, one core", domain_speed.report(rows), time.perf_counter() - began)
    chosen = [name for name in SERVER_SECTIONS if name in wanted]
    if chosen:
        with bench_servers() as (urls, origin):
            print(f"\nPostgres and Redis: {origin}", flush=True)
            for name in chosen:
                title, run, report = SERVER_SECTIONS[name]
                began = time.perf_counter()
                result = run(urls)
                section(title, report(result), time.perf_counter() - began)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
