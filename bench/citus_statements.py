"""What one game's append costs a Postgres backend: a single Postgres against Citus, and where Citus spends it
(issue 30 item 2: why the scaled-out configuration's CPU a command stays above 1.5 times the single node's).

`python -m bench.citus_statements [--appends N]`: the single node of bench/servers.py and a local Citus cluster
(tools/citus_cluster.py on ports 9710 to 9712, bench/tier_costs.py's: never both at once), both migrated. The same
appends (a game's version bump, three events, an idempotency row: what a command writes) are made in transactions
of 30 games each, one connection at a time, in turn:

- `single node, group commit`: Tapis' path on one Postgres, the 30 games in one statement (infra/appends.py,
  `append_many`);
- `single node, a statement a game`: the same 30 games, one statement each (`append_one`);
- `Citus through the coordinator`: each game's statement routed to its shard (`append_one_routed`), sent to the
  coordinator, which plans it and sends it on to the worker;
- `Citus on the worker`: the same statement sent to the worker that holds the games (TAPIS_CITUS_WORKER_APPENDS),
  which plans it and runs it on its shard by local execution;
- (not measured: the 30 games in one statement on the worker, as on the single node: the statement refers back to
  its bump, which Citus gathers and sends out again over connections of its own, and each batch then commits in
  two phases, two prepared transactions on the worker; the hot path must not)
- `shard tables on the worker (not a path)`: the same rows written to the worker's shard tables by plain
  statements, bypassing Citus: what Postgres itself costs there. Tapis never does this (a shard moved by the
  rebalancer would keep taking writes in its old placement, which Citus then drops); it is here to tell Citus'
  share from Postgres'.

Each figure is µs of CPU a game's append of the backends that did the work, from /proc (the client's own backend,
and on the coordinator path the worker's backend that serves the coordinator's connection), so the nodes'
background (Citus' maintenance daemon) is not in it. CPU time is counted in ticks of 10 ms: 2,000 appends a side
put the figures within 1 %.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
import msgspec

from bench.compare import TICKS
from bench.machine import describe
from bench.servers import bench_servers
from infra.appends import PendingAppend, append_many, append_one, append_one_routed
from infra.migrate import upgrade
from services.ports import Idempotency, NewEvent
from tools import citus_cluster

PORTS = (9710, 9711, 9712)  # bench/tier_costs.py's
DATABASE = "tapis_bench_statements"
BATCH = 30  # games a transaction: about a group commit's size at 64 clients
EVENTS = 3  # events an append: a command's record and what it did
APPENDS = 2_000
GROUP_OF = (
    "SELECT groupid FROM pg_dist_placement WHERE shardid = get_shard_id_for_distribution_column('events', $1::text)"
)
SHARD_OF = "SELECT shard_name($1::regclass, get_shard_id_for_distribution_column($1::regclass, $2::text))"
OTHERS = "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"

Write = Callable[[asyncpg.Connection, list[PendingAppend]], Awaitable[None]]


def backend_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class Games:
    """Games created on a database, each at its current version, appended to in turn."""

    def __init__(self, ids: list[str]) -> None:
        self.versions = dict.fromkeys(ids, 0)
        self.ids = ids
        self.turn = 0

    @classmethod
    async def create(cls, conn: asyncpg.Connection, count: int) -> Games:
        ids = [f"bench-{secrets.token_hex(6)}" for _ in range(count)]
        for game_id in ids:
            await conn.execute(
                "INSERT INTO games (game_id, game, version, seed, admin_token_hash)"
                " VALUES ($1, 'six-nimmt', 0, $2, $2)",
                game_id,
                secrets.token_bytes(32),
            )
        return cls(ids)

    def batch(self) -> list[PendingAppend]:
        chosen = [self.ids[(self.turn * BATCH + n) % len(self.ids)] for n in range(BATCH)]
        self.turn += 1
        items = []
        for game_id in chosen:
            events = [
                NewEvent(type="Noted", data=msgspec.json.encode({"n": n, "game": game_id}), chain=secrets.token_hex(32))
                for n in range(EVENTS)
            ]
            answer = Idempotency(scope="seat:0", key=secrets.token_hex(8), response=secrets.token_bytes(64))
            items.append(PendingAppend(game_id, self.versions[game_id], events, {"seat": 0}, answer, None))
            self.versions[game_id] += EVENTS
        return items


async def together(conn: asyncpg.Connection, items: list[PendingAppend]) -> None:
    moved = await append_many(conn, items)
    assert len(moved) == len(items)


async def one_by_one(conn: asyncpg.Connection, items: list[PendingAppend]) -> None:
    async with conn.transaction():
        for item in items:
            await append_one(conn, item)


async def routed(conn: asyncpg.Connection, items: list[PendingAppend]) -> None:
    async with conn.transaction():
        for item in items:
            await append_one_routed(conn, item)


def on_shards(shards: dict[str, dict[str, str]]) -> Write:
    """The rows written to the shard tables by plain statements (Citus bypassed: a reference, not a path)."""
    position = [1 << 60]  # the shard tables have no identity of their own: Citus numbers the rows

    async def write(conn: asyncpg.Connection, items: list[PendingAppend]) -> None:
        async with conn.transaction():
            for item in items:
                names = shards[item.stream_id]
                bumped = await conn.execute(
                    f"UPDATE {names['games']} SET version = $3 WHERE game_id = $1 AND version = $2",
                    item.stream_id,
                    item.expected,
                    item.new_version,
                )
                assert bumped == "UPDATE 1", bumped
                rows: list[str] = []
                args: list[object] = [item.stream_id, msgspec.json.encode(item.metadata).decode()]
                for version, event in enumerate(item.events, start=item.expected + 1):
                    n = len(args)
                    position[0] += 1
                    rows.append(f"($1, ${n + 1}, ${n + 2}, 1, ${n + 3}::json, $2::jsonb, ${n + 4}, ${n + 5})")
                    args += [version, event.type, event.data.decode(), event.chain, position[0]]
                await conn.execute(
                    f"INSERT INTO {names['events']} (stream_id, version, type, schema_version, data, metadata, chain,"
                    f" position) VALUES {', '.join(rows)}",
                    *args,
                )
                assert item.idempotency is not None
                await conn.execute(
                    f"INSERT INTO {names['idempotency']} (stream_id, scope, key, response) VALUES ($1, $2, $3, $4)",
                    item.stream_id,
                    item.idempotency.scope,
                    item.idempotency.key,
                    item.idempotency.response,
                )

    return write


async def measure(
    conn: asyncpg.Connection, games: Games, write: Write, appends: int, helper: str | None
) -> dict[str, float]:
    """µs of CPU a game's append of the connection's backend (and of `helper`'s other client backends: the worker
    side of the coordinator's connection), and the wall time, over `appends` appends after one unmeasured batch."""
    await write(conn, games.batch())  # the statements prepared, the coordinator's connection to the worker open
    pids = [int(await conn.fetchval("SELECT pg_backend_pid()"))]
    if helper is not None:
        other = await asyncpg.connect(helper)
        try:
            pids += [int(row["pid"]) for row in await other.fetch(OTHERS)]
        finally:
            await other.close()
    before, began = sum(backend_seconds(p) for p in pids), time.perf_counter()
    batches = max(1, appends // BATCH)
    for _ in range(batches):
        await write(conn, games.batch())
    cpu, wall = sum(backend_seconds(p) for p in pids) - before, time.perf_counter() - began
    done = batches * BATCH
    return {"cpu_us": round(cpu * 1e6 / done), "wall_us": round(wall * 1e6 / done), "appends": done}


async def run(single_url: str, coordinator: str, worker: str, appends: int) -> dict[str, dict[str, float]]:
    single = await asyncpg.connect(single_url)
    coord = await asyncpg.connect(coordinator)
    on_worker = await asyncpg.connect(worker)
    try:
        single_games = await Games.create(single, 4 * BATCH)
        everywhere = await Games.create(coord, 12 * BATCH)
        group = int(await on_worker.fetchval("SELECT groupid FROM pg_dist_local_group"))
        mine = [g for g in everywhere.ids if int(await coord.fetchval(GROUP_OF, g)) == group][: 4 * BATCH]
        shards = {
            g: {t: str(await coord.fetchval(SHARD_OF, t, g)) for t in ("games", "events", "idempotency")} for g in mine
        }
        citus_games = Games(mine)
        results: dict[str, dict[str, float]] = {}
        for name, conn, games, write, helper in (
            ("single node, group commit", single, single_games, together, None),
            ("single node, a statement a game", single, single_games, one_by_one, None),
            ("Citus through the coordinator", coord, citus_games, routed, worker),
            ("Citus on the worker", on_worker, citus_games, routed, None),
            ("shard tables on the worker (not a path)", on_worker, citus_games, on_shards(shards), None),
        ):
            results[name] = await measure(conn, games, write, appends, helper)
            print(f"{name}: {results[name]}", flush=True)
        return results
    finally:
        for conn in (single, coord, on_worker):
            await conn.close()


def report(results: dict[str, dict[str, float]]) -> list[str]:
    base = results["single node, group commit"]["cpu_us"]
    lines = [
        f"A game's append ({EVENTS} events and an idempotency row), in transactions of {BATCH} games, one connection",
        "",
        "| path | backend CPU µs an append | times the single node's group commit | wall µs an append |",
        "|---|---:|---:|---:|",
    ]
    for name, row in results.items():
        lines.append(f"| {name} | {row['cpu_us']:,.0f} | {row['cpu_us'] / max(base, 1):.1f} | {row['wall_us']:,.0f} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--appends", type=int, default=APPENDS, help="appends measured a path")
    args = parser.parse_args(argv)
    print("\n".join(describe()), flush=True)
    why = citus_cluster.missing()
    if why is not None:
        print(f"Citus is not built here: {why}")
        return 0
    with bench_servers() as (urls, origin), citus_cluster.CitusCluster(ports=PORTS) as citus:
        print(f"single node: {origin}", flush=True)
        coordinator = citus.create_database(DATABASE)
        upgrade(coordinator)  # the migrations distribute the tables by game id (0009_citus.py)
        worker = citus.url(DATABASE, citus.workers[0])
        results = asyncio.run(run(urls.database_url, coordinator, worker, args.appends))
    print("\n".join(report(results)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
