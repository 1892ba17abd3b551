"""Live wake-ups in memory: what `infra/live.py`'s Redis pub/sub gives the live streams."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from services.ports import SYSTEM_CLOCK, Clock
from services.waiting import until


class MemorySubscription:
    """Wake-ups that came while nobody waited are kept, as pub/sub keeps messages until they are read;
    several of them make one wake-up here (the stream reads the store once for all of them)."""

    def __init__(self, wakeups: MemoryWakeups) -> None:
        self._wakeups = wakeups
        self._moved = asyncio.Event()

    def wake(self) -> None:
        self._moved.set()

    async def wait(self, seconds: float) -> bool:
        if seconds <= 0:
            return False
        if self._wakeups.unavailable:
            # as a broken Redis subscription: the stream falls back to reading the store once per interval
            await self._wakeups.clock.sleep(seconds)
            return True
        if not await until(self._wakeups.clock, self._moved, seconds):
            return False
        self._moved.clear()
        return True


class MemoryWakeups:
    """`MemoryProjections(wakeups=...)` wakes a game's subscribers on each new version it saves, as
    `PublishingProjections` publishes; `notify` does it by hand. Set `unavailable` for Redis being down. Waits are
    on `clock` (a test's manual clock lets a heartbeat pass without waiting for it)."""

    def __init__(self, clock: Clock = SYSTEM_CLOCK) -> None:
        self.clock = clock
        self.unavailable = False
        self._subscribers: dict[str, set[MemorySubscription]] = {}

    def notify(self, game_id: str) -> None:
        if self.unavailable:
            return
        for subscription in self._subscribers.get(game_id, ()):
            subscription.wake()

    @contextlib.asynccontextmanager
    async def subscribe(self, game_id: str) -> AsyncIterator[MemorySubscription]:
        subscription = MemorySubscription(self)
        subscribers = self._subscribers.setdefault(game_id, set())
        subscribers.add(subscription)
        try:
            yield subscription
        finally:
            subscribers.discard(subscription)
            if not subscribers:
                self._subscribers.pop(game_id, None)
