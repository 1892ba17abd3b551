"""The event store's part of issue 16's lobby control, in Postgres and in memory alike: a private game's join code
hash is kept with its record, and a seat's token granted outside an append (a rematch seat's, when its player takes
it) lands once, only on the version it was decided on, and never over a token the seat holds; and an expired lobby
stops the turn timer's clock."""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime, timedelta

import msgspec

from services.ports import EventStore, GameRecord, NewEvent, SeatToken
from tests.contract.adapters import Database
from tests.contract.streams import ev


async def created(store: EventStore, join_code_hash: bytes | None = None) -> str:
    game_id = f"g{secrets.token_hex(6)}"
    record = GameRecord(game_id, "store-test", b"s" * 32, b"h" * 32, {}, join_code_hash=join_code_hash)
    await store.create(record, [ev(1)], {})
    return game_id


async def test_the_join_code_hash_is_kept_with_the_record(store: EventStore) -> None:
    private = await created(store, b"j" * 32)
    public = await created(store)
    found, other = await store.game(private), await store.game(public)
    assert found is not None and found.join_code_hash == b"j" * 32
    assert other is not None and other.join_code_hash is None


async def test_a_seat_token_is_granted_once_on_the_version_decided_on(store: EventStore) -> None:
    game_id = await created(store)
    assert not await store.grant_seat_token(game_id, 0, 0, b"a" * 32), "the game is at version 1"
    assert not await store.grant_seat_token(f"g{secrets.token_hex(6)}", 1, 0, b"a" * 32), "no such game"
    assert await store.grant_seat_token(game_id, 1, 0, b"a" * 32)
    assert not await store.grant_seat_token(game_id, 1, 0, b"b" * 32), "the seat holds a token"
    record = await store.game(game_id)
    assert record is not None and record.seat_token_hashes == {0: b"a" * 32}
    # an append that forgets the seat's token forgets a granted one too
    await store.append(game_id, 1, [ev(2)], {}, seat_token=SeatToken(0, None))
    record = await store.game(game_id)
    assert record is not None and record.seat_token_hashes == {}


async def test_concurrent_grants_of_one_seat_land_once(store: EventStore) -> None:
    game_id = await created(store)
    granted = await asyncio.gather(*(store.grant_seat_token(game_id, 1, 2, bytes([i]) * 32) for i in range(5)))
    assert granted.count(True) == 1
    record = await store.game(game_id)
    assert record is not None and record.seat_token_hashes == {2: bytes([granted.index(True)]) * 32}


async def test_a_grant_racing_an_append_lands_only_before_it(store: EventStore) -> None:
    game_id = await created(store)
    appended, granted = await asyncio.gather(
        store.append(game_id, 1, [ev(2)], {}), store.grant_seat_token(game_id, 1, 0, b"a" * 32)
    )
    assert appended == 2
    record = await store.game(game_id)
    assert record is not None and record.seat_token_hashes == ({0: b"a" * 32} if granted else {})


async def test_an_expired_lobby_is_never_due_for_the_turn_timer(database: Database) -> None:
    store = database.store
    game_id = f"x{secrets.token_hex(6)}"
    created = NewEvent(type="GameCreated", data=msgspec.json.encode({"turn_seconds": 1}))
    await store.create(GameRecord(game_id, "due-test", b"s" * 32, b"h" * 32, {}), [created], {})
    expiry = [NewEvent(type=t, data=b"{}") for t in ("CommandAccepted", "LobbyExpired")]
    await store.append(game_id, 1, expiry, {})
    later = datetime.now(UTC) + timedelta(hours=1)
    assert game_id not in {g for g, _ in await database.due.due(later, 100_000)}
