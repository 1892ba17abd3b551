"""Live wake-ups' contract, for Redis pub/sub and the memory wake-ups alike: a saved version wakes the game's
live streams, and nothing else does; record news reaches the processes that follow it."""

from __future__ import annotations

import asyncio
import secrets

from tests.contract.adapters import Cache
from tests.contract.summaries import summary


async def test_a_saved_version_wakes_the_game_s_live_streams(cache: Cache) -> None:
    game = f"l{secrets.token_hex(6)}"
    async with cache.wakeups.subscribe(game) as first, cache.wakeups.subscribe(game) as second:
        assert await first.wait(cache.quiet) is False and await second.wait(cache.quiet) is False
        await cache.projections.save(game, 1, b"v1", summary(game, 1))
        assert await first.wait(2.0) is True and await second.wait(2.0) is True
        assert await first.wait(cache.quiet) is False


async def test_a_wake_up_waits_for_the_stream_to_ask(cache: Cache) -> None:
    game = f"l{secrets.token_hex(6)}"
    async with cache.wakeups.subscribe(game) as subscription:
        assert await subscription.wait(cache.quiet) is False
        await cache.projections.save(game, 1, b"v1", summary(game, 1))
        await asyncio.sleep(cache.quiet * 2)  # the stream was busy sending when the game moved
        assert await subscription.wait(2.0) is True


async def test_an_old_save_or_another_game_wakes_nobody(cache: Cache) -> None:
    game, other = f"l{secrets.token_hex(6)}", f"l{secrets.token_hex(6)}"
    await cache.projections.save(game, 5, b"v5", summary(game, 5))
    async with cache.wakeups.subscribe(game) as subscription:
        assert await subscription.wait(cache.quiet) is False
        await cache.projections.save(game, 4, b"v4", summary(game, 4))
        await cache.projections.save(game, 5, b"v5", summary(game, 5))
        await cache.projections.save(other, 1, b"", summary(other, 1))
        assert await subscription.wait(cache.quiet * 4) is False


async def test_record_news_reaches_the_followers_until_they_stop(cache: Cache) -> None:
    game = f"l{secrets.token_hex(6)}"
    heard: list[str] = []
    stop = asyncio.Event()
    following = asyncio.create_task(cache.news.follow(stop, heard.append))
    try:
        # announced again until heard: the follower subscribes in its own time
        for _ in range(100):
            await cache.news.announce(game)
            await asyncio.sleep(cache.quiet)
            if heard:
                break
        assert set(heard) == {game}
    finally:
        stop.set()
        await asyncio.wait_for(following, timeout=2.0)
    heard.clear()
    await cache.news.announce(game)
    await asyncio.sleep(cache.quiet)
    assert heard == []
