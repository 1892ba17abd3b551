"""Live wake-ups' contract, for Redis pub/sub and the memory wake-ups alike: a saved version wakes the game's
live streams, and nothing else does; record news reaches the processes that follow it. Then, for Redis alone: the
streams of a process share one pub/sub connection, which is subscribed again after it is lost (issue 16)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from typing import Any

import psutil
import pytest
import redis as sync_redis
import redis.asyncio as redis

from bootstrap import redis_client
from infra.live import PublishingProjections, RedisWakeups
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


async def test_many_streams_of_many_games_each_wake_for_their_own_game_only(cache: Cache) -> None:
    games = [f"l{secrets.token_hex(6)}" for _ in range(20)]
    async with contextlib.AsyncExitStack() as stack:
        streams = {g: [await stack.enter_async_context(cache.wakeups.subscribe(g)) for _ in range(10)] for g in games}
        moved = games[7]
        await cache.projections.save(moved, 1, b"v1", summary(moved, 1))
        woken = {g: await asyncio.gather(*(s.wait(cache.quiet * 4) for s in streams[g])) for g in games}
        assert woken[moved] == [True] * 10
        assert all(woken[g] == [False] * 10 for g in games if g != moved)


async def test_a_stream_opened_while_others_of_its_game_are_open_or_gone_still_wakes(cache: Cache) -> None:
    game = f"l{secrets.token_hex(6)}"
    async with cache.wakeups.subscribe(game) as first:
        async with cache.wakeups.subscribe(game) as second:
            assert await second.wait(cache.quiet) is False
        # the second stream went away: the first still hears its game, and a third is heard at once
        async with cache.wakeups.subscribe(game) as third:
            await cache.projections.save(game, 1, b"v1", summary(game, 1))
            assert await first.wait(2.0) is True and await third.wait(2.0) is True
    # every stream has gone; a new one subscribes again
    async with cache.wakeups.subscribe(game) as again:
        assert await again.wait(cache.quiet) is False
        await cache.projections.save(game, 2, b"v2", summary(game, 2))
        assert await again.wait(2.0) is True


# --- Redis only: one pub/sub connection per process, and what happens when Redis goes away ---


def _own_pubsub_ids(admin: Any) -> list[str]:
    """CLIENT LIST ids of this test process's pub/sub connections subscribed to a pattern (the live subscriber)."""
    ours = {
        f"{c.laddr.ip}:{c.laddr.port}"
        for c in psutil.Process().net_connections(kind="tcp")
        if c.raddr and c.status == psutil.CONN_ESTABLISHED
    }
    return [c["id"] for c in admin.client_list() if c["addr"] in ours and int(c.get("psub", 0))]


@pytest.mark.integration
async def test_a_process_s_streams_share_one_pubsub_connection(contract_redis: redis.Redis) -> None:
    wakeups = RedisWakeups(contract_redis)
    projections = PublishingProjections(contract_redis)
    games = [f"l{secrets.token_hex(6)}" for _ in range(50)]
    with sync_redis.Redis(**_connection_kwargs(contract_redis)) as admin:
        async with contextlib.AsyncExitStack() as stack:
            streams = [await stack.enter_async_context(wakeups.subscribe(g)) for g in games for _ in range(4)]
            assert wakeups.streams == 200 and wakeups.subscriptions == 1
            assert len(await asyncio.to_thread(_own_pubsub_ids, admin)) == 1
            await projections.save(games[0], 1, b"v1", summary(games[0], 1))
            assert await asyncio.gather(*(s.wait(2.0) for s in streams[:4])) == [True] * 4
            assert await streams[4].wait(0.05) is False
        # the last stream gone, the subscriber closes its connection
        assert wakeups.streams == 0
        assert await asyncio.to_thread(_own_pubsub_ids, admin) == []


@pytest.mark.integration
async def test_the_subscriber_subscribes_again_after_its_connection_is_killed(contract_redis: redis.Redis) -> None:
    wakeups = RedisWakeups(contract_redis, resubscribe_seconds=0.1)
    projections = PublishingProjections(contract_redis)
    game = f"l{secrets.token_hex(6)}"
    with sync_redis.Redis(**_connection_kwargs(contract_redis)) as admin:
        async with wakeups.subscribe(game) as stream:
            assert await stream.wait(0.05) is False
            (killed,) = await asyncio.to_thread(_own_pubsub_ids, admin)
            await asyncio.to_thread(admin.client_kill_filter, _id=killed)
            # the loss wakes the stream (a move may go unheard meanwhile), and the subscriber comes back
            assert await stream.wait(2.0) is True
            deadline = asyncio.get_running_loop().time() + 5
            while not (wakeups.connected and wakeups.subscriptions >= 2):
                assert asyncio.get_running_loop().time() < deadline, "not subscribed again"
                await asyncio.sleep(0.02)
            while await stream.wait(0.05):
                pass  # the wake-up of the new subscription (whatever moved meanwhile is read once)
            assert await asyncio.to_thread(_own_pubsub_ids, admin) not in ([], [killed])
            await projections.save(game, 1, b"v1", summary(game, 1))
            assert await stream.wait(2.0) is True


@pytest.mark.integration
async def test_without_redis_a_stream_reads_the_store_once_per_interval() -> None:
    unreachable = redis_client("redis://127.0.0.1:9/0")  # nothing listens on the discard port
    try:
        wakeups = RedisWakeups(unreachable, resubscribe_seconds=0.1)
        game = f"l{secrets.token_hex(6)}"
        async with wakeups.subscribe(game) as stream:
            assert wakeups.connected is False
            started = asyncio.get_running_loop().time()
            assert await stream.wait(0.3) is True  # "may have moved": the stream reads the store
            assert asyncio.get_running_loop().time() - started < 1.0
    finally:
        await unreachable.aclose()


def _connection_kwargs(client: redis.Redis) -> dict[str, Any]:
    kwargs = client.connection_pool.connection_kwargs
    return {k: kwargs[k] for k in ("host", "port", "db") if k in kwargs}
