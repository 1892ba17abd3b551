"""The append statements: one stream's events in one statement, or several streams' in one group commit."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg
import msgspec

from services.ports import ConcurrencyConflict, Idempotency, NewEvent, SeatToken

# One statement for the appends of one or several streams (never one stream twice): the version bump on `games`
# serialises writers of a stream (row lock) and decides for that stream alone; its events, idempotency row and
# seat token change (a joining player's token, or a leaving one's forgotten) go in with it, all or nothing.
# Returns the streams that moved. Events keep their order in the log.
# The parts a batch has nothing for are left out of its statement (at most 4 texts, each prepared once), and the
# `game_id = ANY(...)` filters repeat what the joins say: on Citus both keep each part to the shards of the games
# in the request (an UPDATE or DELETE that cannot be pruned goes to every shard, and then commits in two phases).
APPEND_HEAD = """
WITH request AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[]) AS r(stream_id, expected, next)
), bump AS (
    UPDATE games SET version = request.next FROM request
    WHERE games.game_id = request.stream_id AND games.version = request.expected AND games.game_id = ANY($1::text[])
    RETURNING games.game_id
), new_events AS (
    INSERT INTO events (stream_id, version, type, schema_version, data, metadata, chain, recorded_at)
    SELECT e.s, e.v, e.t, e.sv, e.d::json, e.m::jsonb, e.c, COALESCE(e.at, clock_timestamp())
    FROM unnest(
        $4::text[], $5::int[], $6::text[], $7::smallint[], $8::text[], $9::text[], $10::text[], $11::timestamptz[]
    ) WITH ORDINALITY AS e(s, v, t, sv, d, m, c, at, n)
    WHERE e.s IN (SELECT game_id FROM bump)
    ORDER BY e.n
    RETURNING 1
)"""
APPEND_IDEMPOTENCY = """, idem AS (
    INSERT INTO idempotency (stream_id, scope, key, response)
    SELECT i.s, i.scope, i.key, i.response
    FROM unnest(${0}::text[], ${1}::text[], ${2}::text[], ${3}::bytea[]) AS i(s, scope, key, response)
    WHERE i.s IN (SELECT game_id FROM bump)
    RETURNING 1
)"""
APPEND_TOKENS = """, token AS (
    INSERT INTO seat_tokens (game_id, seat, token_hash)
    SELECT t.s, t.seat, t.h FROM unnest(${0}::text[], ${1}::int[], ${2}::bytea[]) AS t(s, seat, h)
    WHERE t.s IN (SELECT game_id FROM bump) AND t.h IS NOT NULL
    RETURNING 1
), forget AS (
    DELETE FROM seat_tokens USING unnest(${0}::text[], ${1}::int[], ${2}::bytea[]) AS t(s, seat, h)
    WHERE seat_tokens.game_id = t.s AND seat_tokens.seat = t.seat AND t.h IS NULL
      AND t.s IN (SELECT game_id FROM bump) AND seat_tokens.game_id = ANY(${0}::text[])
    RETURNING 1
)"""
APPEND_TAIL = """
SELECT game_id FROM bump
"""


class PendingAppend(msgspec.Struct, frozen=True):
    stream_id: str
    expected: int
    events: list[NewEvent]
    metadata: dict[str, Any]
    idempotency: Idempotency | None = None
    seat_token: SeatToken | None = None

    @property
    def new_version(self) -> int:
        return self.expected + len(self.events)


async def append_one(conn: asyncpg.Connection, item: PendingAppend) -> int:
    """The new version; ConcurrencyConflict when the stream is not at the expected one."""
    if item.stream_id not in await append_many(conn, [item]):
        raise ConcurrencyConflict(item.stream_id)
    return item.new_version


async def append_many(conn: asyncpg.Connection, items: list[PendingAppend]) -> set[str]:
    """The streams that moved; the others were not at their expected version and got nothing."""
    # in one order everywhere: two processes' batches then lock the games' rows in the same order (with the
    # usual nested loop over the request), so they wait for each other instead of deadlocking
    items = sorted(items, key=lambda i: i.stream_id)
    streams: list[str] = []
    versions: list[int] = []
    types: list[str] = []
    schema_versions: list[int] = []
    data: list[str] = []
    metadata: list[str] = []
    chains: list[str | None] = []
    stamps: list[datetime | None] = []  # the write's stamp (dealing 3 links cover it), else the server's clock
    for item in items:
        encoded = msgspec.json.encode(item.metadata).decode()
        for version, event in enumerate(item.events, start=item.expected + 1):
            streams.append(item.stream_id)
            versions.append(version)
            types.append(event.type)
            schema_versions.append(event.schema_version)
            data.append(event.data.decode())
            metadata.append(encoded)
            chains.append(event.chain)
            stamps.append(event.recorded_at)
    keyed = [(i.stream_id, i.idempotency) for i in items if i.idempotency is not None]
    seated = [(i.stream_id, i.seat_token) for i in items if i.seat_token is not None]
    args: list[Any] = [
        [i.stream_id for i in items],
        [i.expected for i in items],
        [i.new_version for i in items],
        streams,
        versions,
        types,
        schema_versions,
        data,
        metadata,
        chains,
        stamps,
    ]
    statement = APPEND_HEAD
    if keyed:
        statement += APPEND_IDEMPOTENCY.format(*range(len(args) + 1, len(args) + 5))
        args += [[s for s, _ in keyed], [k.scope for _, k in keyed], [k.key for _, k in keyed]]
        args.append([k.response for _, k in keyed])
    if seated:
        statement += APPEND_TOKENS.format(*range(len(args) + 1, len(args) + 4))
        args += [[s for s, _ in seated], [t.seat for _, t in seated], [t.token_hash for _, t in seated]]
    rows = await conn.fetch(statement + APPEND_TAIL, *args)
    return {row[0] for row in rows}


async def append_one_routed(conn: asyncpg.Connection, item: PendingAppend) -> int:
    """One stream's append as a statement Citus sends whole to the worker of the game's shard: every part names the
    game by the same constant, and the inserts take VALUES, not a set that refers back to the bump (which Citus would
    gather on the coordinator and copy to every worker, then commit in two phases). Nothing checks the bump inside
    the statement, so it must run in a transaction of the caller's: ConcurrencyConflict (raised here) rolls it back.
    The texts hold placeholders only (S608): every value is a parameter.
    """
    args: list[Any] = [item.stream_id, item.expected, item.new_version]
    rows: list[str] = []
    if item.events:  # the metadata, shared by the events, once
        args.append(msgspec.json.encode(item.metadata).decode())
    for version, event in enumerate(item.events, start=item.expected + 1):
        n = len(args)
        rows.append(
            f"($1, ${n + 1}, ${n + 2}, ${n + 3}, ${n + 4}::json, $4::jsonb, ${n + 5},"
            f" COALESCE(${n + 6}::timestamptz, clock_timestamp()))"
        )
        args += [version, event.type, event.schema_version, event.data.decode(), event.chain, event.recorded_at]
    parts = ["bump AS (UPDATE games SET version = $3 WHERE game_id = $1 AND version = $2 RETURNING game_id)"]
    if rows:  # an append without events checks the version alone
        parts.append(
            "new_events AS (INSERT INTO events"  # noqa: S608
            " (stream_id, version, type, schema_version, data, metadata, chain, recorded_at)"
            f" VALUES {', '.join(rows)} RETURNING 1)"
        )
    if item.idempotency is not None:
        n = len(args)
        parts.append(
            f"idem AS (INSERT INTO idempotency (stream_id, scope, key, response) VALUES ($1, ${n + 1}, ${n + 2},"  # noqa: S608
            f" ${n + 3}) RETURNING 1)"
        )
        args += [item.idempotency.scope, item.idempotency.key, item.idempotency.response]
    if item.seat_token is not None and item.seat_token.token_hash is not None:
        n = len(args)
        parts.append(f"token AS (INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES ($1, ${n + 1}, ${n + 2}))")  # noqa: S608
        args += [item.seat_token.seat, item.seat_token.token_hash]
    elif item.seat_token is not None:
        parts.append(f"forget AS (DELETE FROM seat_tokens WHERE game_id = $1 AND seat = ${len(args) + 1})")  # noqa: S608
        args.append(item.seat_token.seat)
    moved = await conn.fetch(f"WITH {', '.join(parts)} SELECT game_id FROM bump", *args)  # noqa: S608
    if not moved:
        raise ConcurrencyConflict(item.stream_id)
    return item.new_version
