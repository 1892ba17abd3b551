"""The Postgres event store (asyncpg): one stream per game, optimistic versions, a gap-safe global log."""

from __future__ import annotations

from typing import Any

import asyncpg
import msgspec

from services.ports import (
    Checkpoint,
    ConcurrencyConflict,
    DuplicateCommand,
    GameRecord,
    Idempotency,
    NewEvent,
    RecordedEvent,
    StoreUnavailable,
)

# One statement per command: the version bump on `games` serialises writers of one stream (row lock),
# the events and the idempotency row go in with it, all or nothing.
APPEND = """
WITH bump AS (
    UPDATE games SET version = $3 WHERE game_id = $1 AND version = $2 RETURNING game_id
), new_events AS (
    INSERT INTO events (stream_id, version, type, data, metadata)
    SELECT $1, v, t, d::json, $6::jsonb
    FROM unnest($4::int[], $5::text[], $7::text[]) AS e(v, t, d)
    WHERE EXISTS (SELECT 1 FROM bump)
    RETURNING 1
), idem AS (
    INSERT INTO idempotency (stream_id, scope, key, response)
    SELECT $1, $8, $9, $10 FROM bump WHERE $9::text IS NOT NULL
    RETURNING 1
), token AS (
    INSERT INTO seat_tokens (game_id, seat, token_hash)
    SELECT $1, $11, $12 FROM bump WHERE $11::int IS NOT NULL
    RETURNING 1
)
SELECT (SELECT count(*) FROM new_events), (SELECT count(*) FROM idem), (SELECT count(*) FROM token)
"""

# Only rows whose transaction is older than every transaction still running: a row that commits late
# cannot appear behind the checkpoint (see tests/integration/test_global_log.py).
READ_ALL = """
SELECT position, stream_id, version, type, data::text, metadata::text, recorded_at, tx_id
FROM events
WHERE (tx_id, position) > ($1, $2)
  AND tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
ORDER BY tx_id, position
LIMIT $3
"""

# OperatorInterventionError: the server shuts down or restarts under a running query (57P01..57P03).
# InternalClientError: asyncpg's connection state machine after the socket died mid-query, seen when the pool resets
# the connection on release (asyncpg terminates it; the next acquire opens a new one). Both mean "try again later".
CONNECTION_ERRORS = (
    OSError,
    TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.InternalClientError,
)


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
    )


class PostgresEventStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def create(self, record: GameRecord, events: list[NewEvent], metadata: dict[str, Any]) -> None:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                await conn.execute(
                    "INSERT INTO games (game_id, game, version, seed, admin_token_hash, api_key_id)"
                    " VALUES ($1, $2, 0, $3, $4, $5)",
                    record.game_id,
                    record.game,
                    record.seed,
                    record.admin_token_hash,
                    record.api_key_id,
                )
                await self._append(conn, record.game_id, 0, events, metadata, None, None)
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
        seat_token: tuple[int, bytes] | None = None,
    ) -> int:
        try:
            async with self._pool.acquire() as conn:
                return await self._append(conn, stream_id, expected_version, events, metadata, idempotency, seat_token)
        except asyncpg.UniqueViolationError as exc:
            if idempotency is not None and exc.constraint_name == "idempotency_pkey":
                stored = await self.stored_response(stream_id, idempotency.scope, idempotency.key)
                if stored is not None:
                    raise DuplicateCommand(stored) from exc
            raise ConcurrencyConflict(stream_id) from exc
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc

    async def _append(
        self,
        conn: asyncpg.Connection,
        stream_id: str,
        expected: int,
        events: list[NewEvent],
        metadata: dict[str, Any],
        idempotency: Idempotency | None,
        seat_token: tuple[int, bytes] | None,
    ) -> int:
        new_version = expected + len(events)
        row = await conn.fetchrow(
            APPEND,
            stream_id,
            expected,
            new_version,
            list(range(expected + 1, new_version + 1)),
            [e.type for e in events],
            msgspec.json.encode(metadata).decode(),
            [e.data.decode() for e in events],
            idempotency.scope if idempotency else None,
            idempotency.key if idempotency else None,
            idempotency.response if idempotency else None,
            seat_token[0] if seat_token else None,
            seat_token[1] if seat_token else None,
        )
        if row is None or row[0] != len(events):
            raise ConcurrencyConflict(stream_id)
        return new_version

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[RecordedEvent]:
        try:
            rows = await self._pool.fetch(
                "SELECT position, stream_id, version, type, data::text, metadata::text, recorded_at, tx_id"
                " FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version LIMIT $3",
                stream_id,
                after,
                limit,
            )
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc
        return [_recorded(r) for r in rows]

    async def read_all(self, after: Checkpoint, limit: int) -> list[RecordedEvent]:
        try:
            rows = await self._pool.fetch(READ_ALL, after.tx_id, after.position, limit)
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc
        return [_recorded(r) for r in rows]

    async def game(self, game_id: str) -> GameRecord | None:
        try:
            async with self._pool.acquire() as conn:
                row = await conn.fetchrow(
                    "SELECT game, seed, admin_token_hash, api_key_id FROM games WHERE game_id = $1", game_id
                )
                if row is None:
                    return None
                seats = await conn.fetch("SELECT seat, token_hash FROM seat_tokens WHERE game_id = $1", game_id)
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc
        return GameRecord(
            game_id=game_id,
            game=row["game"],
            seed=bytes(row["seed"]),
            admin_token_hash=bytes(row["admin_token_hash"]),
            seat_token_hashes={r["seat"]: bytes(r["token_hash"]) for r in seats},
            api_key_id=row["api_key_id"],
        )

    async def stored_response(self, stream_id: str, scope: str, key: str) -> bytes | None:
        try:
            value = await self._pool.fetchval(
                "SELECT response FROM idempotency WHERE stream_id = $1 AND scope = $2 AND key = $3",
                stream_id,
                scope,
                key,
            )
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc
        return bytes(value) if value is not None else None

    async def game_ids(self, game: str | None, limit: int) -> list[str]:
        try:
            rows = await self._pool.fetch(
                "SELECT game_id FROM games WHERE $1::text IS NULL OR game = $1 ORDER BY created_at DESC LIMIT $2",
                game,
                limit,
            )
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc
        return [r["game_id"] for r in rows]

    async def ping(self) -> None:
        try:
            await self._pool.fetchval("SELECT 1")
        except CONNECTION_ERRORS as exc:
            raise StoreUnavailable(str(exc)) from exc
