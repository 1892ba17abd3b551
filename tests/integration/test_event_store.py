"""The Postgres event store: versions, atomic appends, idempotency, and a global log that never skips."""

from __future__ import annotations

import asyncio
import secrets

import asyncpg
import msgspec
import pytest

from infra.appends import PendingAppend, append_one
from infra.event_store import PostgresEventStore
from services.ports import Checkpoint, ConcurrencyConflict, DuplicateCommand, GameRecord, Idempotency, NewEvent

pytestmark = pytest.mark.integration


def ev(n: int) -> NewEvent:
    return NewEvent(type="Thing", data=msgspec.json.encode({"n": n}))


async def head_of_log(store: PostgresEventStore) -> Checkpoint:
    """Where a reader starting now begins: after everything already in the log."""
    start = Checkpoint()
    while batch := await store.read_log(start, 1000):
        start = Checkpoint(tx_id=batch[-1].tx_id, position=batch[-1].position)
    return start


async def new_stream(store: PostgresEventStore) -> str:
    game_id = "t" + secrets.token_hex(6)
    record = GameRecord(game_id, "store-test", b"s" * 32, b"h" * 32, {})
    await store.create(record, [ev(1)], {"actor": "test"})
    return game_id


async def test_append_checks_the_expected_version(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    stream = await new_stream(store)
    assert await store.append(stream, 1, [ev(2), ev(3)], {"actor": 0}) == 3
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 1, [ev(99)], {})
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 7, [ev(99)], {})  # ahead of the stream: no gap may be created
    recorded = await store.read_stream(stream)
    assert [r.version for r in recorded] == [1, 2, 3]
    assert [msgspec.json.decode(r.data)["n"] for r in recorded] == [1, 2, 3]
    assert recorded[1].metadata == {"actor": 0}


async def test_a_conflicting_append_writes_nothing(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    stream = await new_stream(store)
    await store.append(stream, 1, [ev(2)], {})
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 1, [ev(20), ev(30), ev(40)], {})
    assert [r.version for r in await store.read_stream(stream)] == [1, 2]


async def test_idempotency_key_returns_the_first_answer(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    stream = await new_stream(store)
    first = Idempotency(scope="seat:0", key="k1", response=b'{"first":true}')
    await store.append(stream, 1, [ev(2)], {}, first)
    again = Idempotency(scope="seat:0", key="k1", response=b'{"second":true}')
    with pytest.raises(DuplicateCommand) as raised:
        await store.append(stream, 2, [ev(3)], {}, again)
    assert raised.value.response == b'{"first":true}'
    assert [r.version for r in await store.read_stream(stream)] == [1, 2]
    # the same key from another seat is another command
    await store.append(stream, 2, [ev(3)], {}, Idempotency(scope="seat:1", key="k1", response=b"{}"))


async def test_global_log_waits_for_a_transaction_that_commits_late(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    early, late = await new_stream(store), await new_stream(store)
    start = await head_of_log(store)

    held = await pool.acquire()
    try:
        transaction = held.transaction()
        await transaction.start()
        # the held transaction takes its id and position first, then others commit after it
        await append_one(held, PendingAppend(early, 1, [ev(2)], {}))
        await store.append(late, 1, [ev(2)], {})
        seen = await store.read_log(start, 1000)
        assert [(r.stream_id, r.version) for r in seen] == [], "an event behind an open transaction leaked"
        await transaction.commit()
    finally:
        await pool.release(held)
    seen = await store.read_log(start, 1000)
    assert [(r.stream_id, r.version) for r in seen] == [(early, 2), (late, 2)]


async def test_global_log_is_read_in_one_order_under_concurrency(pool: asyncpg.Pool) -> None:
    import asyncio

    store = PostgresEventStore(pool)
    streams = [await new_stream(store) for _ in range(8)]
    start = await head_of_log(store)

    async def writer(stream: str) -> None:
        for version in range(1, 11):
            await store.append(stream, version, [ev(version + 1)], {})

    async def reader(seen: list[tuple[str, int]]) -> None:
        checkpoint = start
        for _ in range(400):
            for r in await store.read_log(checkpoint, 50):
                seen.append((r.stream_id, r.version))
                checkpoint = Checkpoint(tx_id=r.tx_id, position=r.position)
            if len(seen) == 80:
                return
            await asyncio.sleep(0.005)

    seen: list[tuple[str, int]] = []
    await asyncio.gather(reader(seen), *(writer(s) for s in streams))
    assert len(seen) == len(set(seen)) == 80
    for stream in streams:
        assert [v for s, v in seen if s == stream] == list(range(2, 12))


async def test_concurrent_appends_to_many_streams_each_get_their_own_outcome(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    streams = [await new_stream(store) for _ in range(6)]
    await store.append(streams[1], 1, [ev(2)], {})  # streams[1] is at 2 now: an append expecting 1 must fail
    key = Idempotency(scope="seat:0", key="same", response=b'{"n":1}')
    results = await asyncio.gather(
        store.append(streams[0], 1, [ev(2), ev(3)], {"actor": 0}),
        store.append(streams[1], 1, [ev(99)], {}),
        store.append(streams[2], 1, [ev(2)], {}, key),
        store.append(streams[3], 1, [ev(2)], {}, seat_token=(0, b"t" * 32)),
        store.append(streams[4], 5, [ev(99)], {}),
        store.append(streams[5], 1, [ev(2)], {"actor": 5}),
        return_exceptions=True,
    )
    assert results[0] == 3 and results[2] == 2 and results[3] == 2 and results[5] == 2
    assert isinstance(results[1], ConcurrencyConflict) and isinstance(results[4], ConcurrencyConflict)
    assert [r.version for r in await store.read_stream(streams[1])] == [1, 2]
    assert [r.version for r in await store.read_stream(streams[4])] == [1]
    assert [r.metadata for r in await store.read_stream(streams[0], 1)] == [{"actor": 0}, {"actor": 0}]
    assert await store.stored_response(streams[2], "seat:0", "same") == b'{"n":1}'
    record = await store.game(streams[3])
    assert record is not None and record.seat_token_hashes == {0: b"t" * 32}


async def test_two_concurrent_appends_to_one_stream_one_wins(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    stream, other = await new_stream(store), await new_stream(store)
    results = await asyncio.gather(
        store.append(stream, 1, [ev(2)], {"who": "a"}),
        store.append(other, 1, [ev(2)], {}),
        store.append(stream, 1, [ev(2)], {"who": "b"}),
        return_exceptions=True,
    )
    assert results[0] == 2 and results[1] == 2 and isinstance(results[2], ConcurrencyConflict)
    assert [r.metadata for r in await store.read_stream(stream, 1)] == [{"who": "a"}]


async def test_a_repeated_key_in_concurrent_appends_answers_the_first_response(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    stream, other, third = await new_stream(store), await new_stream(store), await new_stream(store)
    await store.append(stream, 1, [ev(2)], {}, Idempotency(scope="seat:0", key="k", response=b"first"))
    results = await asyncio.gather(
        store.append(other, 1, [ev(2)], {}),
        store.append(stream, 2, [ev(3)], {}, Idempotency(scope="seat:0", key="k", response=b"second")),
        store.append(third, 1, [ev(2)], {}),
        return_exceptions=True,
    )
    # the duplicate key fails the shared statement; each append then goes alone and gets its own answer
    assert results[0] == 2 and results[2] == 2
    assert isinstance(results[1], DuplicateCommand) and results[1].response == b"first"
    assert [r.version for r in await store.read_stream(stream)] == [1, 2]


async def test_events_of_one_group_commit_keep_their_order_in_the_global_log(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    streams = [await new_stream(store) for _ in range(4)]
    start = await head_of_log(store)
    await asyncio.gather(*(store.append(s, 1, [ev(2), ev(3), ev(4)], {}) for s in streams))
    seen = await store.read_log(start, 1000)
    for stream in streams:
        assert [r.version for r in seen if r.stream_id == stream] == [2, 3, 4]


async def test_whole_events_are_fetched_by_their_place_in_the_log(pool: asyncpg.Pool) -> None:
    store = PostgresEventStore(pool)
    start = await head_of_log(store)
    first, second = await new_stream(store), await new_stream(store)
    await store.append(first, 1, [ev(2)], {"actor": 1})
    await store.append(second, 1, [ev(7)], {"actor": 2})
    entries = await store.read_log(start, 1000)
    assert [(e.stream_id, e.version, e.type) for e in entries] == [
        (first, 1, "Thing"),
        (second, 1, "Thing"),
        (first, 2, "Thing"),
        (second, 2, "Thing"),
    ]
    fetched = await store.read_positions([entries[3].position, entries[2].position])
    assert [(r.stream_id, r.version, msgspec.json.decode(r.data), r.metadata) for r in fetched] == [
        (first, 2, {"n": 2}, {"actor": 1}),
        (second, 2, {"n": 7}, {"actor": 2}),
    ]
    assert await store.read_positions([]) == []
