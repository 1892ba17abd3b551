"""The Postgres event store (asyncpg): one stream per game, optimistic versions, a gap-safe global log."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from functools import partial
from typing import Any

import asyncpg
import msgspec

from infra.appends import PendingAppend, append_many, append_one, append_one_routed
from infra.asked import Asked
from infra.batching import Batcher
from infra.citus_workers import UnknownWorker, WorkerPools
from infra.driver_errors import CONNECTION_ERRORS, postgres_errors
from infra.migrate import current_revision
from services.observer import NO_OBSERVER, Observer
from services.ports import (
    Checkpoint,
    ConcurrencyConflict,
    DuplicateCommand,
    GameRecord,
    Idempotency,
    LogEntry,
    NewEvent,
    RecordedEvent,
    Schema,
    SeatToken,
    StoredGame,
    StoreUnavailable,
)

log = logging.getLogger("tapis.event_store")

# Only rows whose transaction is older than every transaction still running: a row that commits late
# cannot appear behind the checkpoint (tests/integration/test_event_store.py, test_global_log_*).
READ_LOG = """
SELECT position, stream_id, version, type, tx_id
FROM events
WHERE (tx_id, position) > ($1, $2)
  AND tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
ORDER BY tx_id, position
LIMIT $3
"""

# READ_LOG with what a fold reads of each event (services/rebuild.py): the data, not the metadata
READ_LOG_EVENTS = """
SELECT position, stream_id, version, type, data::text, schema_version, chain, tx_id
FROM events
WHERE (tx_id, position) > ($1, $2)
  AND tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
ORDER BY tx_id, position
LIMIT $3
"""
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

# On Citus the log is read shard by shard, on the worker that holds each shard: a row's tx_id is that worker's
# transaction id (the events_local_tx_id trigger, migration 0009), and only that worker's snapshot horizon tells
# which of its transactions have ended. Commits on different workers have no order between them, and none is
# needed: each shard has its own place in the checkpoint, and a transaction still running on a worker (prepared
# for a two-phase commit included) holds back that shard alone. The shards' placements, from the coordinator's
# metadata (a shard moved to another node group is read again from its start: its rows carry the old node's ids).
PLACEMENTS = """
SELECT s.shardid, p.groupid, n.nodename, n.nodeport, shard_name(s.logicalrelid, s.shardid) AS name
FROM pg_dist_shard s
JOIN pg_dist_placement p USING (shardid)
JOIN pg_dist_node n USING (groupid)
WHERE s.logicalrelid = 'events'::regclass AND p.shardstate = 1 AND n.isactive
ORDER BY s.shardid
"""
READ_SHARD = """(SELECT '{shard}' AS shard, position, stream_id, version, type, tx_id FROM {name}
WHERE (tx_id, position) > ({tx_id}, {position}) AND tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
ORDER BY tx_id, position LIMIT {limit})"""
# every shard of a node in one command, the node's commands side by side (Citus' own fan-out, one connection each)
READ_NODES = """
SELECT node_name, node_port, success, result FROM master_run_on_worker($1::text[], $2::int[], $3::text[], true)
"""
# what migration 0009 does to a database with Citus, and what the shard by shard read needs: no Citus catalog is
# named, so the question is the same on plain Postgres
DISTRIBUTED = "SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'events_local_tx_id')"
# On Citus a group commit holds the games of one worker (its node group), each game's statement routed whole to its
# shard (infra/appends.py, append_one_routed) in one transaction: one connection, one commit on that worker. The
# one-statement batch of a plain Postgres (append_many) refers back to its bump, which Citus gathers on the
# coordinator and copies out over a second connection, so even a batch of one shard's games committed in two phases;
# and one group commit for all games put both workers in most flushes (docs/capacity.md measured 0.18 to 0.56
# prepared transactions a command, and 5 to 8 times the single node's CPU). A game's node group is asked once per
# process and kept for the GROUPS_KEPT most recent games; a shard the rebalancer moves meanwhile costs two-phase
# commits until its games leave the cache, never a wrong write.
GROUP_OF = """
SELECT groupid FROM pg_dist_placement
WHERE shardid = get_shard_id_for_distribution_column('events', $1::text) AND shardstate = 1
ORDER BY groupid LIMIT 1
"""
GROUPS_KEPT = 100_000


GRANT_SEAT = """
WITH game AS (SELECT game_id FROM games WHERE game_id = $1 AND version = $2 FOR UPDATE)
INSERT INTO seat_tokens (game_id, seat, token_hash) SELECT game_id, $3, $4 FROM game
ON CONFLICT (game_id, seat) DO NOTHING
RETURNING 1
"""


def _repeated_key(exc: asyncpg.UniqueViolationError) -> bool:
    """The idempotency key was used already. On Citus the worker names the shard's constraint
    (`idempotency_pkey_<shard id>`), and the coordinator passes on its message, not always its fields."""
    name = exc.constraint_name or ""
    return name == "idempotency_pkey" or name.startswith("idempotency_pkey_") or "idempotency_pkey" in str(exc)


def _recorded(row: asyncpg.Record) -> RecordedEvent:
    return RecordedEvent(
        position=row["position"],
        stream_id=row["stream_id"],
        version=row["version"],
        type=row["type"],
        data=row["data"].encode(),
        metadata=msgspec.json.decode(row["metadata"]),
        recorded_at=row["recorded_at"],
        tx_id=row["tx_id"],
        schema_version=row["schema_version"],
        chain=row["chain"],
    )


class PostgresEventStore:
    """Appends from concurrent commands go to Postgres together (`infra/batching.py`): one statement and one
    commit for all of them, each stream still checked against its own expected version."""

    def __init__(
        self,
        pool: asyncpg.Pool,
        max_batch: int = 64,
        observer: Observer = NO_OBSERVER,
        workers: WorkerPools | None = None,
    ) -> None:
        self._pool = pool
        # on Citus with TAPIS_CITUS_WORKER_APPENDS: each worker's group commit sent to that worker itself (_writer)
        self._workers = workers
        self._sharded: bool | None = None  # events distributed by Citus: asked once, on the first read or append
        self._observer = observer  # appends timed and traced from outside (services/observer.py)
        self._max_batch = max_batch
        self._appends = self._batcher(None)  # the one group commit of a plain Postgres
        self._node_appends: dict[int, Batcher[PendingAppend, int]] = {}  # on Citus, one per worker, side by side
        self._distribution: Asked[None, bool] = Asked(self._ask_distributed, 1)
        self._groups: Asked[str, int] = Asked(self._ask_group, GROUPS_KEPT)  # a game's worker (GROUP_OF)

    def _batcher(self, group: int | None) -> Batcher[PendingAppend, int]:
        flush = partial(self._observed_batch, group)
        return Batcher(flush, key=lambda item: item.stream_id, max_batch=self._max_batch)

    async def create(self, record: GameRecord, events: list[NewEvent], metadata: dict[str, Any]) -> None:
        with self._observer.creating():
            await self._create(record, events, metadata)

    async def _create(self, record: GameRecord, events: list[NewEvent], metadata: dict[str, Any]) -> None:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                await conn.execute(
                    "INSERT INTO games (game_id, game, version, seed, admin_token_hash, api_key_id, join_code_hash)"
                    " VALUES ($1, $2, 0, $3, $4, $5, $6)",
                    record.game_id,
                    record.game,
                    record.seed,
                    record.admin_token_hash,
                    record.api_key_id,
                    record.join_code_hash,
                )
                await self._append_one(conn, PendingAppend(record.game_id, 0, events, metadata))
        except asyncpg.UniqueViolationError as exc:
            raise ConcurrencyConflict(record.game_id) from exc
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: list[NewEvent],
        metadata: dict[str, Any],
        idempotency: Idempotency | None = None,
        seat_token: SeatToken | None = None,
    ) -> int:
        item = PendingAppend(stream_id, expected_version, events, metadata, idempotency, seat_token)
        with self._observer.appending(stream_id, expected_version, len(events)):
            batcher = await self._group_commit_of(stream_id)
            return await batcher.submit(item)

    async def _group_commit_of(self, stream_id: str) -> Batcher[PendingAppend, int]:
        """The group commit a stream's append joins: the store's one, or on Citus its worker's (GROUP_OF). Asked
        through `Asked`, so two appends to one stream keep their order even when both wait for the answer."""
        if self._sharded is None:
            await self._distribution(None)
        if not self._sharded:
            return self._appends
        group = await self._groups(stream_id)
        batcher = self._node_appends.get(group)
        if batcher is None:
            batcher = self._node_appends[group] = self._batcher(group)
        return batcher

    async def _ask_distributed(self, _: None) -> bool:
        with postgres_errors():
            return await self._distributed(self._pool)

    async def _ask_group(self, stream_id: str) -> int:
        with postgres_errors():
            return int(await self._pool.fetchval(GROUP_OF, stream_id))

    async def _observed_batch(self, group: int | None, items: list[PendingAppend]) -> list[int | BaseException]:
        with self._observer.group_commit([(item.stream_id, item.expected) for item in items]):
            pool = await self._writer(group)
            outcomes = await self._append_batch(items, pool)
            unanswered = any(isinstance(o, StoreUnavailable) for o in outcomes)
            if unanswered and self._workers is not None and group is not None and pool is not self._pool:
                # the worker did not answer: its address is asked again before its next batch (a worker replaced)
                self._workers.forget(group)
            return outcomes

    async def _writer(self, group: int | None) -> asyncpg.Pool:
        """Where a batch goes: the coordinator (or the one Postgres), or with worker pools (infra/citus_workers.py)
        the worker of its node group, which runs each game's statement on its own shard by local execution, so the
        coordinator plans nothing for a command. A worker pool that cannot be had (not kept: the next batch tries
        again) sends the batch through the coordinator, which routes it all the same: nothing was sent yet, so
        nothing can be written twice."""
        if group is None or self._workers is None:
            return self._pool
        try:
            return await self._workers.pool(group)
        except (UnknownWorker, *CONNECTION_ERRORS) as exc:
            log.warning("node group %d: appending through the coordinator: %s", group, exc)
            return self._pool

    async def _append_batch(self, items: list[PendingAppend], pool: asyncpg.Pool) -> list[int | BaseException]:
        if len(items) > 1:
            refused = False
            try:
                async with pool.acquire() as conn:
                    try:
                        moved = await self._write_together(conn, items)
                    except CONNECTION_ERRORS:
                        if conn.is_closed():
                            raise  # the commit may or may not have happened: nobody can be told either way
                        # the server refused the statement over a connection that still works: a Citus worker
                        # that does not answer. Nothing was written, and alone the other workers' games go on
                        refused = True
                if not refused:
                    return [i.new_version if i.stream_id in moved else ConcurrencyConflict(i.stream_id) for i in items]
            except CONNECTION_ERRORS as exc:
                return [StoreUnavailable(str(exc))] * len(items)
            except (asyncpg.PostgresError, ConcurrencyConflict):
                # a repeated idempotency key, a deadlock with another process' batch, or on Citus a stream another
                # process moved: nothing of the batch was written, and one statement per item tells each caller its
                # own outcome
                pass
        return [await self._append_alone(item, pool) for item in items]

    async def _write_together(self, conn: asyncpg.Connection, items: list[PendingAppend]) -> set[str]:
        """The streams that moved. Plain Postgres: append_many's one statement, which checks each stream itself.
        Citus (the batch holds one worker's games, GROUP_OF): each stream's statement routed to its shard, in one
        transaction on that worker; a stream that moved meanwhile (ConcurrencyConflict) rolls the whole back."""
        if not await self._distributed(conn):
            return await append_many(conn, items)
        async with conn.transaction():
            for item in items:
                await append_one_routed(conn, item)
        return {item.stream_id for item in items}

    async def _append_alone(self, item: PendingAppend, pool: asyncpg.Pool) -> int | BaseException:
        try:
            async with pool.acquire() as conn:
                return await self._append_one(conn, item)
        except asyncpg.UniqueViolationError as exc:
            if item.idempotency is not None and _repeated_key(exc):
                try:
                    stored = await self.stored_response(item.stream_id, item.idempotency.scope, item.idempotency.key)
                except StoreUnavailable as unavailable:
                    return unavailable
                if stored is not None:
                    return DuplicateCommand(stored)
            return ConcurrencyConflict(item.stream_id)
        except ConcurrencyConflict as exc:
            return exc
        except CONNECTION_ERRORS as exc:
            return StoreUnavailable(str(exc))

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[RecordedEvent]:
        with postgres_errors():
            rows = await self._pool.fetch(
                "SELECT position, stream_id, version, type, data::text, metadata::text, recorded_at, tx_id,"
                " schema_version, chain FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version LIMIT $3",
                stream_id,
                after,
                limit,
            )
        return [_recorded(r) for r in rows]

    async def _distributed(self, conn: asyncpg.Connection | asyncpg.Pool) -> bool:
        if self._sharded is None:
            self._sharded = bool(await conn.fetchval(DISTRIBUTED))
        return self._sharded

    async def sharded(self) -> bool:
        """The log is read shard by shard (Citus, migrated): no one order across shards."""
        with postgres_errors():
            return await self._distributed(self._pool)

    async def _append_one(self, conn: asyncpg.Connection, item: PendingAppend) -> int:
        """One stream's append: on Citus as a statement sent whole to its shard's worker, in a transaction (the
        caller's, else one of its own); elsewhere the group commit's statement, which checks itself."""
        if not await self._distributed(conn):
            return await append_one(conn, item)
        if conn.is_in_transaction():
            return await append_one_routed(conn, item)
        async with conn.transaction():
            return await append_one_routed(conn, item)

    async def read_log(self, after: Checkpoint, limit: int) -> list[LogEntry]:
        with postgres_errors():
            if await self._distributed(self._pool):
                return await self._read_shards(after, limit)
            rows = await self._pool.fetch(READ_LOG, after.tx_id, after.position, limit)
        return [LogEntry(*r) for r in rows]

    async def _read_shards(self, after: Checkpoint, limit: int) -> list[LogEntry]:
        places = {shard: (tx, pos) for shard, tx, pos in after.shards}
        commands: dict[tuple[str, int], list[str]] = {}
        for row in await self._pool.fetch(PLACEMENTS):
            shard = f"{row['shardid']}@{row['groupid']}"
            tx_id, position = places.get(shard, (0, 0))
            part = READ_SHARD.format(shard=shard, name=row["name"], tx_id=tx_id, position=position, limit=limit)
            commands.setdefault((row["nodename"], row["nodeport"]), []).append(part)
        nodes = list(commands)
        texts = [
            # the parts hold integers and the catalogue's own (quoted) shard names, nothing a caller gave
            "SELECT coalesce(json_agg(json_build_array(shard, position, stream_id, version, type, tx_id)), '[]')"  # noqa: S608
            f" FROM ({' UNION ALL '.join(commands[node])}) AS log"
            for node in nodes
        ]
        rows = await self._pool.fetch(READ_NODES, [n for n, _ in nodes], [p for _, p in nodes], texts)
        entries: list[LogEntry] = []
        for row in rows:
            if not row["success"]:
                # a worker that does not answer holds back its own shards, and only those (their places stay)
                log.warning("cannot read the log on %s:%s: %s", row["node_name"], row["node_port"], row["result"])
                continue
            for shard, position, stream_id, version, kind, tx_id in msgspec.json.decode(row["result"]):
                entries.append(LogEntry(position, stream_id, version, kind, tx_id, shard))
        entries.sort(key=lambda e: (e.shard, e.tx_id, e.position))
        return entries

    async def read_positions(self, positions: list[int]) -> list[RecordedEvent]:
        """Whole events, in the log's order, for entries `read_log` returned."""
        with postgres_errors():
            rows = await self._pool.fetch(
                "SELECT position, stream_id, version, type, data::text, metadata::text, recorded_at, tx_id,"
                " schema_version, chain FROM events WHERE position = ANY($1::bigint[]) ORDER BY tx_id, position",
                positions,
            )
        return [_recorded(r) for r in rows]

    async def read_log_events(self, after: Checkpoint, limit: int) -> tuple[Checkpoint, list[RecordedEvent]]:
        if await self.sharded():
            entries = await self.read_log(after, limit)
            return after.advanced(entries), await self.read_positions([e.position for e in entries]) if entries else []
        with postgres_errors():
            rows = await self._pool.fetch(READ_LOG_EVENTS, after.tx_id, after.position, limit)
        if not rows:
            return after, []
        last = rows[-1]
        recorded = [
            RecordedEvent(position, stream_id, version, kind, data.encode(), {}, EPOCH, tx_id, schema, chain)
            for position, stream_id, version, kind, data, schema, chain, tx_id in rows
        ]
        return Checkpoint(last["tx_id"], last["position"], after.shards), recorded

    async def log_size(self) -> int:
        with postgres_errors():
            count: int = await self._pool.fetchval("SELECT count(*) FROM events")
        return count

    async def game(self, game_id: str) -> GameRecord | None:
        with postgres_errors():
            async with self._pool.acquire() as conn:
                row = await conn.fetchrow(
                    "SELECT game, seed, admin_token_hash, api_key_id, join_code_hash FROM games WHERE game_id = $1",
                    game_id,
                )
                if row is None:
                    return None
                seats = await conn.fetch("SELECT seat, token_hash FROM seat_tokens WHERE game_id = $1", game_id)
        return GameRecord(
            game_id=game_id,
            game=row["game"],
            seed=bytes(row["seed"]),
            admin_token_hash=bytes(row["admin_token_hash"]),
            seat_token_hashes={r["seat"]: bytes(r["token_hash"]) for r in seats},
            api_key_id=row["api_key_id"],
            join_code_hash=bytes(row["join_code_hash"]) if row["join_code_hash"] is not None else None,
        )

    async def stored(self, game_id: str) -> StoredGame | None:
        with postgres_errors():
            row = await self._pool.fetchrow("SELECT version, created_at FROM games WHERE game_id = $1", game_id)
        return StoredGame(version=row["version"], created_at=row["created_at"]) if row is not None else None

    async def schema(self) -> Schema:
        with postgres_errors():
            async with self._pool.acquire() as conn:
                return Schema(await current_revision(conn))

    async def grant_seat_token(self, game_id: str, version: int, seat: int, token_hash: bytes) -> bool:
        # the game's row locked, as an append locks it: an append that moves the game meanwhile (a seat removed)
        # either comes before, and the version no longer matches, or waits for this and then sees the token
        with postgres_errors():
            inserted = await self._pool.fetchval(GRANT_SEAT, game_id, version, seat, token_hash)
        return inserted is not None

    async def stored_response(self, stream_id: str, scope: str, key: str) -> bytes | None:
        with postgres_errors():
            value = await self._pool.fetchval(
                "SELECT response FROM idempotency WHERE stream_id = $1 AND scope = $2 AND key = $3",
                stream_id,
                scope,
                key,
            )
        return bytes(value) if value is not None else None

    async def game_ids(self, game: str | None, limit: int) -> list[str]:
        with postgres_errors():
            rows = await self._pool.fetch(
                "SELECT game_id FROM games WHERE $1::text IS NULL OR game = $1 ORDER BY created_at DESC LIMIT $2",
                game,
                limit,
            )
        return [r["game_id"] for r in rows]

    async def ping(self) -> None:
        with postgres_errors():
            await self._pool.fetchval("SELECT 1")

    async def restore(self, record: GameRecord, events: list[RecordedEvent]) -> None:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                await conn.execute(
                    "INSERT INTO games (game_id, game, version, seed, admin_token_hash, api_key_id, created_at)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    record.game_id,
                    record.game,
                    len(events),
                    record.seed,
                    record.admin_token_hash,
                    record.api_key_id,
                    events[0].recorded_at if events else None,
                )
                await conn.executemany(
                    "INSERT INTO events (stream_id, version, type, data, metadata, recorded_at, schema_version, chain)"
                    " VALUES ($1, $2, $3, $4::json, $5::jsonb, $6, $7, $8)",
                    [
                        (
                            record.game_id,
                            e.version,
                            e.type,
                            e.data.decode(),
                            msgspec.json.encode(e.metadata).decode(),
                            e.recorded_at,
                            e.schema_version,
                            e.chain,
                        )
                        for e in events
                    ],
                )
        except asyncpg.UniqueViolationError as exc:
            raise ConcurrencyConflict(record.game_id) from exc
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc
