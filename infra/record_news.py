"""Redis pub/sub news of changed game records, so no API process keeps accepting a token that was let go.

Each process caches game records (the seat token hashes). When a seat leaves, the process that served it forgets
its copy at once and announces the game here; every other process forgets its copy on the message. Pub/sub may
drop a message (a process reconnecting): the catch-up projector, which forgets a game when it reads a
`PlayerLeft`, is the backstop within its interval.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import redis.asyncio as redis
from redis.exceptions import RedisError

from infra.live import SLICE

CHANNEL = "tapis:records"
RESUBSCRIBE_SECONDS = 1.0


class RedisRecordNews:
    def __init__(self, client: redis.Redis) -> None:
        self._redis = client

    async def announce(self, game_id: str) -> None:
        """Best effort: without Redis the other processes learn it from the projector instead."""
        with contextlib.suppress(RedisError, OSError):
            await self._redis.publish(CHANNEL, game_id)

    async def follow(self, stop: asyncio.Event, forget: Callable[[str], None]) -> None:
        """Call `forget(game_id)` for each announcement until `stop`; subscribe again after Redis errors."""
        while not stop.is_set():
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                while not stop.is_set():
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=SLICE)
                    if message is not None:
                        data = message["data"]
                        forget(data.decode() if isinstance(data, bytes) else str(data))
            except (RedisError, OSError):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), timeout=RESUBSCRIBE_SECONDS)
            finally:
                with contextlib.suppress(RedisError, OSError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
