"""Redis pub/sub wake-ups for live streams: every projection write announces the game's new version.

Every process that saves a projection (after a command, or in the catch-up projector) publishes, so a
stream on any API process wakes up whichever process appended.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError

from infra.projections import RedisProjections

# short reads: the client's socket timeout (0.5 s) must not fire inside a blocking read
SLICE = 0.25


def channel(game_id: str) -> str:
    return f"tapis:live:{game_id}"


class PublishingProjections(RedisProjections):
    """Projections that wake the live streams of a game on every new version."""

    def __init__(self, client: redis.Redis) -> None:
        super().__init__(client, channel=channel)


class RedisSubscription:
    def __init__(self, pubsub: Any) -> None:
        self._pubsub = pubsub
        self._broken = False

    async def wait(self, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            if self._broken:
                # without Redis, streams fall back to reading the store once per interval
                await asyncio.sleep(left)
                return True
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=min(SLICE, left))
            except (RedisError, OSError):
                self._broken = True
                continue
            if message is not None:
                return True
        return False


class RedisWakeups:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client

    @contextlib.asynccontextmanager
    async def subscribe(self, game_id: str) -> AsyncIterator[RedisSubscription]:
        pubsub = self._client.pubsub()
        subscription = RedisSubscription(pubsub)
        try:
            await pubsub.subscribe(channel(game_id))
        except (RedisError, OSError):
            subscription._broken = True
        try:
            yield subscription
        finally:
            with contextlib.suppress(RedisError, OSError):
                await pubsub.aclose()  # type: ignore[no-untyped-call]
