"""The archive's contract, for Postgres and memory alike: games found by the time of their end, moved out of the
hot tables with their document in one step, only at the version exported, and read back as they were stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import msgspec
import pytest

from infra.archive_store import PostgresArchive
from infra.event_store import PostgresEventStore
from infra.memory.archive_store import MemoryArchive
from infra.memory.event_store import MemoryEventStore
from services.ports import Archive, EventStore, Idempotency, NewEvent
from tests.contract.conftest import DATABASES
from tests.contract.streams import new_stream


@dataclass(frozen=True)
class Archived:
    store: EventStore
    archive: Archive


@pytest.fixture(params=DATABASES)  # memory, Postgres, and Citus where a cluster can start
def archived(request: pytest.FixtureRequest) -> Archived:
    if request.param == "memory":
        store = MemoryEventStore()
        return Archived(store, MemoryArchive(store))
    pool = request.getfixturevalue("citus_contract_pool" if request.param == "citus" else "contract_pool")
    return Archived(PostgresEventStore(pool), PostgresArchive(pool))


async def ended_stream(store: EventStore) -> str:
    game_id = await new_stream(store)
    ended = NewEvent(type="GameEnded", data=msgspec.json.encode({"seed": "ab"}))
    await store.append(game_id, 1, [ended], {}, Idempotency(scope="seat:0", key="k", response=b"{}"))
    return game_id


async def test_ended_games_are_found_by_the_time_of_their_end(archived: Archived) -> None:
    before = datetime.now(UTC) - timedelta(seconds=1)
    game_id = await ended_stream(archived.store)
    running = await new_stream(archived.store)
    later = datetime.now(UTC) + timedelta(seconds=1)
    found = await archived.archive.ended_before(later, 100_000)
    assert game_id in found
    assert running not in found
    assert game_id not in await archived.archive.ended_before(before, 100_000)


async def test_a_move_takes_the_game_out_of_the_hot_tables_with_its_document(archived: Archived) -> None:
    game_id = await ended_stream(archived.store)
    finished_at = datetime.now(UTC)
    assert await archived.archive.move(game_id, 1, finished_at, b"stale") is False  # it is at version 2
    assert await archived.archive.document(game_id) is None
    assert len(await archived.store.read_stream(game_id)) == 2

    assert await archived.archive.move(game_id, 2, finished_at, b'{"the": "document"}') is True
    assert await archived.archive.document(game_id) == b'{"the": "document"}'
    assert await archived.store.game(game_id) is None
    assert await archived.store.read_stream(game_id) == []
    assert await archived.store.stored_response(game_id, "seat:0", "k") is None
    assert game_id not in await archived.archive.ended_before(datetime.now(UTC) + timedelta(seconds=1), 100_000)
    assert await archived.archive.move(game_id, 2, finished_at, b"again") is False
