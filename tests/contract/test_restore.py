"""`EventStore.restore`, for Postgres and the memory store alike: an imported game's record and events as given
(versions, recorded_at, metadata, the JSON text itself), all or nothing, refused for an id that exists."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import pytest

from services.ports import ConcurrencyConflict, EventStore, GameRecord, RecordedEvent
from tests.contract.streams import new_stream

WHEN = datetime(2025, 3, 4, 5, 6, 7, 890123, tzinfo=UTC)


def imported(game_id: str, n: int) -> list[RecordedEvent]:
    return [
        RecordedEvent(
            position=0,
            stream_id=game_id,
            version=v,
            type="Thing",
            data=b'{"n": %d,  "b":1, "a":2}' % v,  # spacing and key order are kept as written
            metadata={"actor": v, "command": "c"},
            recorded_at=WHEN + timedelta(seconds=v),
            schema_version=v,  # whatever the class's version was when it was written
        )
        for v in range(1, n + 1)
    ]


def record(game_id: str) -> GameRecord:
    return GameRecord(game_id, "store-test", b"s" * 32, b"\x00" * 32, {})


async def test_restore_keeps_versions_times_metadata_and_text(store: EventStore) -> None:
    game_id = "r" + secrets.token_hex(6)
    events = imported(game_id, 3)
    await store.restore(record(game_id), events)
    back = await store.read_stream(game_id)
    assert [(e.version, e.type, e.data, e.metadata, e.recorded_at, e.schema_version) for e in back] == [
        (e.version, e.type, e.data, e.metadata, e.recorded_at, e.schema_version) for e in events
    ]
    found = await store.game(game_id)
    assert found is not None
    assert (found.game, found.seed, found.seat_token_hashes) == ("store-test", b"s" * 32, {})
    assert await store.append(game_id, 3, [], {}) == 3  # the stream is at its last version


async def test_restore_of_an_existing_id_is_refused_and_changes_nothing(store: EventStore) -> None:
    game_id = await new_stream(store)
    before = await store.read_stream(game_id)
    with pytest.raises(ConcurrencyConflict):
        await store.restore(record(game_id), imported(game_id, 2))
    assert await store.read_stream(game_id) == before
