"""The seat mailbox's contract, for Redis and the memory mailbox alike: a value per seat, for its time to live."""

from __future__ import annotations

import secrets

from tests.contract.adapters import Cache


async def test_a_value_is_kept_per_seat_and_replaced_by_the_next(cache: Cache) -> None:
    game = f"m{secrets.token_hex(6)}"
    assert await cache.mailbox.get(game, 0) is None
    await cache.mailbox.put(game, 0, "token-a", 60)
    await cache.mailbox.put(game, 1, "token-b", 60)
    assert await cache.mailbox.get(game, 0) == "token-a"
    assert await cache.mailbox.get(game, 1) == "token-b"
    assert await cache.mailbox.get(game, 2) is None
    await cache.mailbox.put(game, 0, "token-c", 60)
    assert await cache.mailbox.get(game, 0) == "token-c"
    assert await cache.mailbox.get(f"m{secrets.token_hex(6)}", 0) is None


async def test_a_value_is_gone_when_its_time_is_up(cache: Cache) -> None:
    game = f"m{secrets.token_hex(6)}"
    await cache.mailbox.put(game, 0, "short", 1)
    await cache.mailbox.put(game, 1, "long", 60)
    assert await cache.mailbox.get(game, 0) == "short"
    await cache.elapse(1.2)
    assert await cache.mailbox.get(game, 0) is None
    assert await cache.mailbox.get(game, 1) == "long"
    # put again, the time starts again
    await cache.mailbox.put(game, 1, "renewed", 1)
    assert await cache.mailbox.get(game, 1) == "renewed"
