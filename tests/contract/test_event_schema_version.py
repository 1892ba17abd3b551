"""Each event keeps the schema version it was written at (docs/events.md), in Postgres and in memory alike: on
create, on an append alone and in a group commit, read back by stream and by place in the log."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING

import msgspec
import pytest

from infra.event_store import PostgresEventStore
from services.ports import EventStore, GameRecord, NewEvent
from tests.contract.streams import head_of_log, new_stream

if TYPE_CHECKING:
    import asyncpg


def at(schema_version: int, n: int = 0) -> NewEvent:
    return NewEvent(type="Thing", data=msgspec.json.encode({"n": n}), schema_version=schema_version)


async def test_an_event_without_a_version_is_stored_at_version_1(store: EventStore) -> None:
    stream = await new_stream(store)  # NewEvent's default, as every event before the column existed
    assert [r.schema_version for r in await store.read_stream(stream)] == [1]


async def test_the_schema_version_round_trips_on_create_and_append(store: EventStore) -> None:
    game_id = "t" + secrets.token_hex(6)
    record = GameRecord(game_id, "store-test", b"s" * 32, b"h" * 32, {})
    await store.create(record, [at(1), at(3)], {})
    await store.append(game_id, 2, [at(2), at(1), at(32767)], {})  # the column is a smallint
    recorded = await store.read_stream(game_id)
    assert [(r.version, r.schema_version) for r in recorded] == [(1, 1), (2, 3), (3, 2), (4, 1), (5, 32767)]
    assert [r.schema_version for r in await store.read_stream(game_id, after=2, limit=2)] == [2, 1]


async def test_the_schema_version_round_trips_through_a_group_commit(store: EventStore) -> None:
    streams = [await new_stream(store) for _ in range(4)]
    start = await head_of_log(store)
    # appends to several streams at once go to Postgres in one statement: each row keeps its own version
    await asyncio.gather(
        *(store.append(s, 1, [at(k + 1, k), at(1, k), at(k + 2, k)], {}) for k, s in enumerate(streams))
    )
    for k, stream in enumerate(streams):
        assert [r.schema_version for r in await store.read_stream(stream, 1)] == [k + 1, 1, k + 2]
    entries = await store.read_log(start, 1000)
    fetched = await store.read_positions([e.position for e in entries])
    by_stream = {s: [r.schema_version for r in fetched if r.stream_id == s] for s in streams}
    assert by_stream == {s: [k + 1, 1, k + 2] for k, s in enumerate(streams)}


@pytest.mark.integration
async def test_a_row_written_as_before_the_column_reads_at_version_1(contract_pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(contract_pool)
    stream = await new_stream(store)
    # the insert of every release before migration 0004: no schema_version, the column's default fills it
    await contract_pool.execute(
        "INSERT INTO events (stream_id, version, type, data, metadata) VALUES ($1, 2, 'Thing', '{\"n\": 2}', '{}')",
        stream,
    )
    assert [r.schema_version for r in await store.read_stream(stream)] == [1, 1]
