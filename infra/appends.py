"""The append statements: one stream's events in one statement, or several streams' in one group commit."""

from __future__ import annotations

from typing import Any

import asyncpg
import msgspec

from services.ports import ConcurrencyConflict, Idempotency, NewEvent

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

# The same for several streams (never one stream twice): each stream's version check decides for that
# stream alone, and the statement returns the streams that moved. Events keep their order in the global log.
APPEND_MANY = """
WITH request AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[]) AS r(stream_id, expected, next)
), bump AS (
    UPDATE games SET version = request.next FROM request
    WHERE games.game_id = request.stream_id AND games.version = request.expected
    RETURNING games.game_id
), new_events AS (
    INSERT INTO events (stream_id, version, type, data, metadata)
    SELECT e.s, e.v, e.t, e.d::json, e.m::jsonb
    FROM unnest($4::text[], $5::int[], $6::text[], $7::text[], $8::text[]) WITH ORDINALITY AS e(s, v, t, d, m, n)
    WHERE e.s IN (SELECT game_id FROM bump)
    ORDER BY e.n
    RETURNING 1
), idem AS (
    INSERT INTO idempotency (stream_id, scope, key, response)
    SELECT i.s, i.scope, i.key, i.response
    FROM unnest($9::text[], $10::text[], $11::text[], $12::bytea[]) AS i(s, scope, key, response)
    WHERE i.s IN (SELECT game_id FROM bump)
    RETURNING 1
), token AS (
    INSERT INTO seat_tokens (game_id, seat, token_hash)
    SELECT t.s, t.seat, t.h FROM unnest($13::text[], $14::int[], $15::bytea[]) AS t(s, seat, h)
    WHERE t.s IN (SELECT game_id FROM bump)
    RETURNING 1
)
SELECT game_id FROM bump
"""


class PendingAppend(msgspec.Struct, frozen=True):
    stream_id: str
    expected: int
    events: list[NewEvent]
    metadata: dict[str, Any]
    idempotency: Idempotency | None = None
    seat_token: tuple[int, bytes] | None = None

    @property
    def new_version(self) -> int:
        return self.expected + len(self.events)


async def append_one(conn: asyncpg.Connection, item: PendingAppend) -> int:
    """The new version; ConcurrencyConflict when the stream is not at the expected one."""
    idempotency, seat_token = item.idempotency, item.seat_token
    row = await conn.fetchrow(
        APPEND,
        item.stream_id,
        item.expected,
        item.new_version,
        list(range(item.expected + 1, item.new_version + 1)),
        [e.type for e in item.events],
        msgspec.json.encode(item.metadata).decode(),
        [e.data.decode() for e in item.events],
        idempotency.scope if idempotency else None,
        idempotency.key if idempotency else None,
        idempotency.response if idempotency else None,
        seat_token[0] if seat_token else None,
        seat_token[1] if seat_token else None,
    )
    if row is None or row[0] != len(item.events):
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
    data: list[str] = []
    metadata: list[str] = []
    for item in items:
        encoded = msgspec.json.encode(item.metadata).decode()
        for version, event in enumerate(item.events, start=item.expected + 1):
            streams.append(item.stream_id)
            versions.append(version)
            types.append(event.type)
            data.append(event.data.decode())
            metadata.append(encoded)
    keyed = [(i.stream_id, i.idempotency) for i in items if i.idempotency is not None]
    seated = [(i.stream_id, i.seat_token) for i in items if i.seat_token is not None]
    rows = await conn.fetch(
        APPEND_MANY,
        [i.stream_id for i in items],
        [i.expected for i in items],
        [i.new_version for i in items],
        streams,
        versions,
        types,
        data,
        metadata,
        [s for s, _ in keyed],
        [k.scope for _, k in keyed],
        [k.key for _, k in keyed],
        [k.response for _, k in keyed],
        [s for s, _ in seated],
        [t[0] for _, t in seated],
        [t[1] for _, t in seated],
    )
    return {row[0] for row in rows}
