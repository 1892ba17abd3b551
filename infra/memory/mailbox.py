"""Per-seat secrets in memory with a time to live: what `infra/mailbox.py` keeps in Redis."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from services.ports import ProjectionUnavailable


class MemoryMailbox:
    """`clock` (seconds, like `time.monotonic`) decides when a value has lived its time; a test moves it on
    instead of sleeping. Set `unavailable` for Redis being down."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.unavailable = False
        self._values: dict[tuple[str, int], tuple[str, float]] = {}  # -> (value, expires at)

    async def put(self, game_id: str, seat: int, value: str, ttl_seconds: int) -> None:
        await self._round_trip()
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")  # Redis refuses `SET ... EX 0` too
        self._values[(game_id, seat)] = (value, self.clock() + ttl_seconds)

    async def get(self, game_id: str, seat: int) -> str | None:
        await self._round_trip()
        stored = self._values.get((game_id, seat))
        if stored is None:
            return None
        value, expires_at = stored
        if self.clock() >= expires_at:
            del self._values[(game_id, seat)]
            return None
        return value

    async def _round_trip(self) -> None:
        await asyncio.sleep(0)
        if self.unavailable:
            raise ProjectionUnavailable("the memory mailbox is switched off")
