"""Streams for the event-store tests: here and in tests/integration/test_event_store.py (what needs Postgres)."""

from __future__ import annotations

import secrets

import msgspec

from services.ports import Checkpoint, EventStore, GameRecord, LogEntry, NewEvent


def ev(n: int) -> NewEvent:
    return NewEvent(type="Thing", data=msgspec.json.encode({"n": n}))


async def head_of_log(store: EventStore) -> Checkpoint:
    """Where a reader starting now begins: after everything already in the log."""
    start = Checkpoint()
    while batch := await store.read_log(start, 1000):
        start = start.advanced(batch)
    return start


async def new_stream(store: EventStore) -> str:
    game_id = "t" + secrets.token_hex(6)
    record = GameRecord(game_id, "store-test", b"s" * 32, b"h" * 32, {})
    await store.create(record, [ev(1)], {"actor": "test"})
    return game_id


def single_log(entries: list[LogEntry]) -> bool:
    """The store keeps one log (Postgres, memory), not one per shard (Citus)."""
    return all(not e.shard for e in entries)


def in_one_order(entries: list[LogEntry], expected: list[tuple[str, int]]) -> bool:
    """`entries` are the events `expected` in that order if the store keeps one log, else in each stream's order
    (shards have no order between them, and one stream is never in two shards)."""
    got = [(e.stream_id, e.version) for e in entries]
    if single_log(entries):
        return got == expected
    streams = {stream for stream, _ in expected}
    return sorted(got) == sorted(expected) and all(
        [v for s, v in got if s == stream] == [v for s, v in expected if s == stream] for stream in streams
    )
