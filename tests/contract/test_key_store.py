"""The API key store's contract, for Postgres and the memory store alike: keys found by hash, revoked once,
and the games each key created."""

from __future__ import annotations

import secrets

from services.ports import GameRecord
from tests.contract.adapters import Database
from tests.contract.streams import ev


async def test_a_key_is_found_by_its_hash_until_and_after_it_is_revoked(database: Database) -> None:
    keys = database.keys
    key_id, key_hash = "k" + secrets.token_hex(6), secrets.token_bytes(32)
    added = await keys.add(key_id, "a portal", key_hash)
    assert (added.key_id, added.name, added.revoked_at) == (key_id, "a portal", None)
    assert await keys.by_hash(key_hash) == added
    assert await keys.by_hash(secrets.token_bytes(32)) is None
    revoked = await keys.revoke(key_id)
    assert revoked is not None and revoked.revoked_at is not None and revoked.created_at == added.created_at
    again = await keys.revoke(key_id)
    assert again is not None and again.revoked_at == revoked.revoked_at  # the first revocation's time stays
    assert await keys.by_hash(key_hash) == revoked
    assert await keys.revoke("k" + secrets.token_hex(6)) is None


async def test_all_keys_are_listed_oldest_first(database: Database) -> None:
    added = [
        await database.keys.add("k" + secrets.token_hex(6), f"portal {n}", secrets.token_bytes(32)) for n in range(3)
    ]
    ours = {k.key_id for k in added}
    assert [k for k in await database.keys.all() if k.key_id in ours] == added


async def test_a_key_s_games_are_listed_newest_first(database: Database) -> None:
    key_id, other_key = "k" + secrets.token_hex(6), "k" + secrets.token_hex(6)
    await database.keys.add(key_id, "portal", secrets.token_bytes(32))
    created: list[tuple[str, str]] = []
    for game, key in [("six-nimmt", key_id), ("barbu", key_id), ("six-nimmt", other_key), ("six-nimmt", key_id)]:
        game_id = "g" + secrets.token_hex(6)
        await database.store.create(GameRecord(game_id, game, b"s" * 32, b"h" * 32, {}, api_key_id=key), [ev(1)], {})
        created.append((game_id, key))
    mine = [g for g, key in created if key == key_id]
    assert await database.keys.games(key_id, None, 10) == mine[::-1]
    assert await database.keys.games(key_id, "six-nimmt", 10) == [mine[2], mine[0]]
    assert await database.keys.games(key_id, None, 1) == [mine[2]]
    assert await database.keys.games("k" + secrets.token_hex(6), None, 10) == []
