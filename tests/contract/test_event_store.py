"""The event store's contract, for Postgres and the memory store alike: versions, atomic appends, idempotency,
seat tokens changed with the append, and a log read in one order per shard (a store of one log: one order; the
test of a transaction that commits late, which only Postgres can hold open, is in tests/integration/
test_event_store.py, and on Citus in tests/citus/test_late_commit.py)."""

from __future__ import annotations

import asyncio
import secrets

import msgspec
import pytest

from services.ports import (
    ConcurrencyConflict,
    DuplicateCommand,
    EventStore,
    GameRecord,
    Idempotency,
    NewEvent,
    SeatToken,
)
from tests.contract.streams import ev, head_of_log, in_one_order, new_stream, single_log


async def test_append_checks_the_expected_version(store: EventStore) -> None:
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


async def test_a_conflicting_append_writes_nothing(store: EventStore) -> None:
    stream = await new_stream(store)
    await store.append(stream, 1, [ev(2)], {})
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 1, [ev(20), ev(30), ev(40)], {})
    assert [r.version for r in await store.read_stream(stream)] == [1, 2]


async def test_idempotency_key_returns_the_first_answer(store: EventStore) -> None:
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


async def test_global_log_is_read_in_one_order_under_concurrency(store: EventStore) -> None:
    import asyncio

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
                checkpoint = checkpoint.advanced([r])
            if len(seen) == 80:
                return
            await asyncio.sleep(0.005)

    seen: list[tuple[str, int]] = []
    await asyncio.gather(reader(seen), *(writer(s) for s in streams))
    assert len(seen) == len(set(seen)) == 80
    for stream in streams:
        assert [v for s, v in seen if s == stream] == list(range(2, 12))


async def test_concurrent_appends_to_many_streams_each_get_their_own_outcome(store: EventStore) -> None:
    streams = [await new_stream(store) for _ in range(6)]
    await store.append(streams[1], 1, [ev(2)], {})  # streams[1] is at 2 now: an append expecting 1 must fail
    key = Idempotency(scope="seat:0", key="same", response=b'{"n":1}')
    results = await asyncio.gather(
        store.append(streams[0], 1, [ev(2), ev(3)], {"actor": 0}),
        store.append(streams[1], 1, [ev(99)], {}),
        store.append(streams[2], 1, [ev(2)], {}, key),
        store.append(streams[3], 1, [ev(2)], {}, seat_token=SeatToken(0, b"t" * 32)),
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


async def test_two_concurrent_appends_to_one_stream_one_wins(store: EventStore) -> None:
    stream, other = await new_stream(store), await new_stream(store)
    results = await asyncio.gather(
        store.append(stream, 1, [ev(2)], {"who": "a"}),
        store.append(other, 1, [ev(2)], {}),
        store.append(stream, 1, [ev(2)], {"who": "b"}),
        return_exceptions=True,
    )
    assert results[0] == 2 and results[1] == 2 and isinstance(results[2], ConcurrencyConflict)
    assert [r.metadata for r in await store.read_stream(stream, 1)] == [{"who": "a"}]


async def test_a_repeated_key_in_concurrent_appends_answers_the_first_response(store: EventStore) -> None:
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


async def test_events_of_one_group_commit_keep_their_order_in_the_global_log(store: EventStore) -> None:
    streams = [await new_stream(store) for _ in range(4)]
    start = await head_of_log(store)
    await asyncio.gather(*(store.append(s, 1, [ev(2), ev(3), ev(4)], {}) for s in streams))
    seen = await store.read_log(start, 1000)
    for stream in streams:
        assert [r.version for r in seen if r.stream_id == stream] == [2, 3, 4]


async def test_whole_events_are_fetched_by_their_place_in_the_log(store: EventStore) -> None:
    start = await head_of_log(store)
    first, second = await new_stream(store), await new_stream(store)
    await store.append(first, 1, [ev(2)], {"actor": 1})
    await store.append(second, 1, [ev(7)], {"actor": 2})
    entries = await store.read_log(start, 1000)
    assert in_one_order(entries, [(first, 1), (second, 1), (first, 2), (second, 2)])
    assert {e.type for e in entries} == {"Thing"}
    seconds = [e.position for e in entries if e.version == 2]
    fetched = await store.read_positions(seconds[::-1])
    assert sorted((r.stream_id, r.version, msgspec.json.decode(r.data), r.metadata) for r in fetched) == sorted(
        [(first, 2, {"n": 2}, {"actor": 1}), (second, 2, {"n": 7}, {"actor": 2})]
    )
    if single_log(entries):  # one log: the events come in its order
        assert [(r.stream_id, r.version) for r in fetched] == [(first, 2), (second, 2)]
    assert await store.read_positions([]) == []


# --- what no test checked before the memory store had to match it ---


async def test_a_second_create_of_a_game_is_a_conflict_and_keeps_the_first(store: EventStore) -> None:
    stream = await new_stream(store)
    again = GameRecord(stream, "another-game", b"x" * 32, b"y" * 32, {})
    with pytest.raises(ConcurrencyConflict):
        await store.create(again, [ev(10), ev(11)], {"actor": "again"})
    record = await store.game(stream)
    assert record is not None and record.game == "store-test" and record.admin_token_hash == b"h" * 32
    assert [(r.version, r.metadata) for r in await store.read_stream(stream)] == [(1, {"actor": "test"})]


async def test_a_created_game_has_its_record_and_no_seat_tokens(store: EventStore) -> None:
    game_id = "t" + secrets.token_hex(6)
    record = GameRecord(game_id, "store-test", b"s" * 32, b"h" * 32, {}, api_key_id="key-1")
    await store.create(record, [ev(1), ev(2)], {"actor": "admin"})
    assert await store.game(game_id) == record
    assert [r.version for r in await store.read_stream(game_id)] == [1, 2]
    assert await store.game("t" + secrets.token_hex(6)) is None


async def test_seat_tokens_are_granted_and_forgotten_with_the_append(store: EventStore) -> None:
    stream = await new_stream(store)
    assert await store.append(stream, 1, [ev(2)], {}, seat_token=SeatToken(0, b"a" * 32)) == 2
    assert await store.append(stream, 2, [ev(3)], {}, seat_token=SeatToken(1, b"b" * 32)) == 3
    record = await store.game(stream)
    assert record is not None and record.seat_token_hashes == {0: b"a" * 32, 1: b"b" * 32}
    # a player leaving: the seat's token is forgotten in the same append as the event that says so
    assert await store.append(stream, 3, [ev(4)], {}, seat_token=SeatToken(0, None)) == 4
    record = await store.game(stream)
    assert record is not None and record.seat_token_hashes == {1: b"b" * 32}
    # the seat is free again: another player may take it
    await store.append(stream, 4, [ev(5)], {}, seat_token=SeatToken(0, b"c" * 32))
    record = await store.game(stream)
    assert record is not None and record.seat_token_hashes == {0: b"c" * 32, 1: b"b" * 32}
    assert [r.version for r in await store.read_stream(stream)] == [1, 2, 3, 4, 5]


async def test_forgetting_a_seat_without_a_token_still_appends(store: EventStore) -> None:
    stream = await new_stream(store)
    assert await store.append(stream, 1, [ev(2)], {}, seat_token=SeatToken(3, None)) == 2
    record = await store.game(stream)
    assert record is not None and record.seat_token_hashes == {}


async def test_a_conflicting_append_changes_no_seat_token(store: EventStore) -> None:
    stream = await new_stream(store)
    await store.append(stream, 1, [ev(2)], {}, seat_token=SeatToken(0, b"a" * 32))
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 1, [ev(3)], {}, seat_token=SeatToken(1, b"b" * 32))
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 1, [ev(3)], {}, seat_token=SeatToken(0, None))
    record = await store.game(stream)
    assert record is not None and record.seat_token_hashes == {0: b"a" * 32}
    assert [r.version for r in await store.read_stream(stream)] == [1, 2]


async def test_a_second_token_for_a_taken_seat_is_a_conflict_and_writes_nothing(store: EventStore) -> None:
    stream = await new_stream(store)
    await store.append(stream, 1, [ev(2)], {}, seat_token=SeatToken(0, b"a" * 32))
    key = Idempotency(scope="admin", key="join", response=b"{}")
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 2, [ev(3)], {}, key, SeatToken(0, b"b" * 32))
    record = await store.game(stream)
    assert record is not None and record.seat_token_hashes == {0: b"a" * 32}
    assert [r.version for r in await store.read_stream(stream)] == [1, 2]
    assert await store.stored_response(stream, "admin", "join") is None


async def test_a_duplicate_command_appends_nothing_and_changes_no_seat(store: EventStore) -> None:
    stream = await new_stream(store)
    first = Idempotency(scope="admin", key="k", response=b"first")
    await store.append(stream, 1, [ev(2)], {}, first, SeatToken(0, b"a" * 32))
    again = Idempotency(scope="admin", key="k", response=b"second")
    with pytest.raises(DuplicateCommand) as raised:
        await store.append(stream, 2, [ev(3), ev(4)], {}, again, SeatToken(1, b"b" * 32))
    assert raised.value.response == b"first"
    with pytest.raises(DuplicateCommand):
        await store.append(stream, 2, [ev(3)], {}, again, SeatToken(0, None))
    record = await store.game(stream)
    assert record is not None and record.seat_token_hashes == {0: b"a" * 32}
    assert [r.version for r in await store.read_stream(stream)] == [1, 2]
    assert await store.stored_response(stream, "admin", "k") == b"first"


async def test_a_repeated_key_at_a_stale_version_is_a_conflict(store: EventStore) -> None:
    # the version decides first: a stream that moved writes nothing, so its repeated key is never looked at
    stream = await new_stream(store)
    await store.append(stream, 1, [ev(2)], {}, Idempotency(scope="seat:0", key="k", response=b"first"))
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 1, [ev(3)], {}, Idempotency(scope="seat:0", key="k", response=b"second"))


async def test_a_conflicting_append_keeps_no_response(store: EventStore) -> None:
    stream = await new_stream(store)
    await store.append(stream, 1, [ev(2)], {})
    key = Idempotency(scope="seat:0", key="k", response=b"lost")
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 1, [ev(3)], {}, key)
    assert await store.stored_response(stream, "seat:0", "k") is None
    # so the command, tried again at the stream's version, is a first one
    assert await store.append(stream, 2, [ev(3)], {}, Idempotency(scope="seat:0", key="k", response=b"won")) == 3
    assert await store.stored_response(stream, "seat:0", "k") == b"won"


async def test_an_append_to_an_unknown_stream_is_a_conflict(store: EventStore) -> None:
    unknown = "t" + secrets.token_hex(6)
    with pytest.raises(ConcurrencyConflict):
        await store.append(unknown, 0, [ev(1)], {}, Idempotency(scope="admin", key="k", response=b"{}"))
    assert await store.read_stream(unknown) == []
    assert await store.game(unknown) is None
    assert await store.stored_response(unknown, "admin", "k") is None


async def test_an_append_without_events_checks_the_version_and_moves_nothing(store: EventStore) -> None:
    stream = await new_stream(store)
    assert await store.append(stream, 1, [], {}, seat_token=SeatToken(0, b"a" * 32)) == 1
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, 0, [], {})
    record = await store.game(stream)
    assert record is not None and record.seat_token_hashes == {0: b"a" * 32}
    assert [r.version for r in await store.read_stream(stream)] == [1]


async def test_a_stream_is_read_after_a_version_and_up_to_a_limit(store: EventStore) -> None:
    stream = await new_stream(store)
    await store.append(stream, 1, [ev(2), ev(3), ev(4)], {"actor": 1})
    assert [r.version for r in await store.read_stream(stream, 1)] == [2, 3, 4]
    assert [r.version for r in await store.read_stream(stream, 1, 2)] == [2, 3]
    assert await store.read_stream(stream, 4) == []
    recorded = await store.read_stream(stream, 2, 1)
    assert [(r.stream_id, r.type, msgspec.json.decode(r.data), r.metadata) for r in recorded] == [
        (stream, "Thing", {"n": 3}, {"actor": 1})
    ]


async def test_event_data_is_kept_as_written(store: EventStore) -> None:
    stream = await new_stream(store)
    written = b'{"z": 1, "a": [1, 2.5, "x"], "m": null}'
    await store.append(stream, 1, [NewEvent(type="Raw", data=written)], {"nested": {"b": [1, None]}})
    (recorded,) = await store.read_stream(stream, 1)
    assert recorded.data == written
    assert recorded.metadata == {"nested": {"b": [1, None]}}


async def test_each_append_is_one_transaction_and_the_log_goes_on_from_any_checkpoint(store: EventStore) -> None:
    start = await head_of_log(store)
    first, second = await new_stream(store), await new_stream(store)
    await store.append(first, 1, [ev(2), ev(3)], {})
    await store.append(second, 1, [ev(2)], {})
    entries = await store.read_log(start, 1000)
    assert in_one_order(entries, [(first, 1), (second, 1), (first, 2), (first, 3), (second, 2)])
    assert len({(e.shard, e.tx_id) for e in entries}) == 4
    assert len({e.tx_id for e in entries if e.stream_id == first and e.version > 1}) == 1
    for shard in {e.shard for e in entries}:  # the log's order, within each shard (a store of one log: one shard)
        ours = [e for e in entries if e.shard == shard]
        assert [e.position for e in ours] == sorted(e.position for e in ours)
        assert [(e.tx_id, e.position) for e in ours] == sorted((e.tx_id, e.position) for e in ours)
    # a reader that stopped after any entry goes on with the next one
    for i in range(len(entries)):
        after = start.advanced(entries[: i + 1])
        assert (await store.read_log(after, 1000))[: len(entries) - i - 1] == entries[i + 1 :]
    # the limit counts per shard: each shard's first two
    limited = await store.read_log(start, 2)
    for shard in {e.shard for e in entries}:
        assert [e for e in limited if e.shard == shard] == [e for e in entries if e.shard == shard][:2]
    recorded = await store.read_stream(first)
    assert [(r.position, r.tx_id) for r in recorded] == [(e.position, e.tx_id) for e in entries if e.stream_id == first]


async def test_games_are_listed_newest_first(store: EventStore) -> None:
    game = "store-test-" + secrets.token_hex(4)
    created = []
    for _ in range(3):
        game_id = "t" + secrets.token_hex(6)
        await store.create(GameRecord(game_id, game, b"s" * 32, b"h" * 32, {}), [ev(1)], {})
        created.append(game_id)
    assert await store.game_ids(game, 10) == created[::-1]
    assert await store.game_ids(game, 2) == created[:0:-1]
    everything = await store.game_ids(None, 100_000)
    assert [g for g in everything if g in created] == created[::-1]
    assert await store.game_ids("no-such-game-" + secrets.token_hex(4), 10) == []


async def test_ping_answers(store: EventStore) -> None:
    await store.ping()


async def test_concurrent_commands_that_read_one_version_have_one_winner(store: EventStore) -> None:
    stream = await new_stream(store)
    all_read = asyncio.Barrier(4)

    async def command(who: str) -> int:
        version = (await store.read_stream(stream))[-1].version
        await all_read.wait()  # each decided on version 1 before any appends
        return await store.append(stream, version, [ev(2)], {"who": who})

    results = await asyncio.gather(*(command(w) for w in "abcd"), return_exceptions=True)
    assert sum(r == 2 for r in results) == 1
    assert sum(isinstance(r, ConcurrencyConflict) for r in results) == 3
    assert [r.version for r in await store.read_stream(stream)] == [1, 2]
