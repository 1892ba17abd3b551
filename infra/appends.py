"""The append statements: one stream's events in one statement, or several streams' in one group commit."""

from __future__ import annotations

from typing import Any

import asyncpg
import msgspec

from services.ports import ConcurrencyConflict, Idempotency, NewEvent, SeatToken

# One statement for the appends of one or several streams (never one stream twice): the version bump on `games`
# serialises writers of a stream (row lock) and decides for that stream alone; its events, idempotency row and
# seat token change (a joining player's token, or a leaving one's forgotten) go in with it, all or nothing.
# Returns the streams that moved. Events keep their order in the log.
APPEND = """
WITH request AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[]) AS r(stream_id, expected, next)
), bump AS (
    UPDATE games SET version = request.next FROM request
    WHERE games.game_id = request.stream_id AND games.version = request.expected
    RETURNING games.game_id
), new_events AS (
    INSERT INTO events (stream_id, version, type, schema_version, data, metadata, chain)
    SELECT e.s, e.v, e.t, e.sv, e.d::json, e.m::jsonb, e.c
    FROM unnest($4::text[], $5::int[], $6::text[], $7::smallint[], $8::text[], $9::text[], $17::text[])
        WITH ORDINALITY AS e(s, v, t, sv, d, m, c, n)
    WHERE e.s IN (SELECT game_id FROM bump)
    ORDER BY e.n
    RETURNING 1
), idem AS (
    INSERT INTO idempotency (stream_id, scope, key, response)
    SELECT i.s, i.scope, i.key, i.response
    FROM unnest($10::text[], $11::text[], $12::text[], $13::bytea[]) AS i(s, scope, key, response)
    WHERE i.s IN (SELECT game_id FROM bump)
    RETURNING 1
), token AS (
    INSERT INTO seat_tokens (game_id, seat, token_hash)
    SELECT t.s, t.seat, t.h FROM unnest($14::text[], $15::int[], $16::bytea[]) AS t(s, seat, h)
    WHERE t.s IN (SELECT game_id FROM bump) AND t.h IS NOT NULL
    RETURNING 1
), forget AS (
    DELETE FROM seat_tokens USING unnest($14::text[], $15::int[], $16::bytea[]) AS t(s, seat, h)
    WHERE seat_tokens.game_id = t.s AND seat_tokens.seat = t.seat AND t.h IS NULL
      AND t.s IN (SELECT game_id FROM bump)
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
    keyed = [(i.stream_id, i.idempotency) for i in items if i.idempotency is not None]
    seated = [(i.stream_id, i.seat_token) for i in items if i.seat_token is not None]
    rows = await conn.fetch(
        APPEND,
        [i.stream_id for i in items],
        [i.expected for i in items],
        [i.new_version for i in items],
        streams,
        versions,
        types,
        schema_versions,
        data,
        metadata,
        [s for s, _ in keyed],
        [k.scope for _, k in keyed],
        [k.key for _, k in keyed],
        [k.response for _, k in keyed],
        [s for s, _ in seated],
        [t.seat for _, t in seated],
        [t.token_hash for _, t in seated],
        chains,
    )
    return {row[0] for row in rows}
