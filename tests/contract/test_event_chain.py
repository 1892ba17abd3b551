"""Each event keeps its hash-chain link (services/chain.py) as it was appended, in Postgres and in memory alike:
on create, on an append alone and in a group commit, by stream and by place in the log, and through a restore.
An event stored without one (a game recorded before the chain) reads back without one. A dealing-3 link covers the
metadata and the time the write stamped: both read back exactly as linked (jsonb reorders keys; the canonical form
does not care; timestamptz keeps the microseconds), so the chain verifies on what the store gives back."""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime

import msgspec

from services.chain import Links, extend, first_break
from services.ports import EventStore, GameRecord, NewEvent
from tests.contract.streams import head_of_log, new_stream


def plain_events(n: int) -> list[NewEvent]:
    return [NewEvent(type="Thing", data=msgspec.json.encode({"n": k})) for k in range(n)]


STAMP = datetime(2026, 12, 3, 13, 0, 0, 123456, tzinfo=UTC)
METADATA = {"scope": "seat:0", "actor": 0, "attempt": 0, "bot": None}


async def test_links_round_trip_on_create_and_append_and_verify(store: EventStore) -> None:
    for key in (None, secrets.token_bytes(32)):  # dealing 2's unkeyed chain, dealing 3's keyed one
        game_id = "c" + secrets.token_hex(6)
        record = GameRecord(game_id, "store-test", b"s" * 32, b"h" * 32, {})
        links = Links(game_id, key)
        first = extend(links, None, 1, plain_events(2), {"actor": "admin"}, STAMP)
        await store.create(record, first, {"actor": "admin"})
        later = extend(links, first[-1].chain, 3, plain_events(3), METADATA, STAMP)
        await store.append(game_id, 2, later, METADATA)
        recorded = await store.read_stream(game_id)
        assert [r.chain for r in recorded] == [e.chain for e in [*first, *later]]
        assert first_break(links, recorded) is None
        assert [r.recorded_at for r in recorded] == [STAMP] * 5, "the write's stamp is stored"
        restored_id = "r" + secrets.token_hex(6)
        assert first_break(Links(restored_id, links.key), recorded) is not None, "the chain is bound to its game id"


async def test_links_round_trip_through_a_group_commit_and_the_log(store: EventStore) -> None:
    streams = [await new_stream(store) for _ in range(3)]
    start = await head_of_log(store)
    batches = {s: extend(Links(s), "00" * 32, 2, plain_events(k + 1), {}, STAMP) for k, s in enumerate(streams)}
    await asyncio.gather(*(store.append(s, 1, batch, {}) for s, batch in batches.items()))
    entries = await store.read_log(start, 1000)
    fetched = await store.read_positions([e.position for e in entries])
    for s, batch in batches.items():
        assert [r.chain for r in fetched if r.stream_id == s] == [e.chain for e in batch]
        assert [r.chain for r in await store.read_stream(s, 1)] == [e.chain for e in batch]


async def test_an_event_without_a_link_reads_back_without_one(store: EventStore) -> None:
    stream = await new_stream(store)
    assert [r.chain for r in await store.read_stream(stream)] == [None]
