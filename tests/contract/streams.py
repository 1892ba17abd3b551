"""Streams for the event-store tests: here and in tests/integration/test_event_store.py (what needs Postgres)."""

from __future__ import annotations

import secrets

import msgspec

from services.ports import Checkpoint, EventStore, GameRecord, NewEvent


def ev(n: int) -> NewEvent:
    return NewEvent(type="Thing", data=msgspec.json.encode({"n": n}))


async def head_of_log(store: EventStore) -> Checkpoint:
    """Where a reader starting now begins: after everything already in the log."""
    start = Checkpoint()
    while batch := await store.read_log(start, 1000):
        start = Checkpoint(tx_id=batch[-1].tx_id, position=batch[-1].position)
    return start


async def new_stream(store: EventStore) -> str:
    game_id = "t" + secrets.token_hex(6)
    record = GameRecord(game_id, "store-test", b"s" * 32, b"h" * 32, {})
    await store.create(record, [ev(1)], {"actor": "test"})
    return game_id
