"""News of changed game records in memory: what `infra/record_news.py` sends over Redis pub/sub."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class MemoryRecordNews:
    """`announced` lists every game announced, for tests to look at; `follow` calls `forget` for each
    announcement, as another API process does. Set `unavailable` and announcements are lost, as with
    Redis down (announcing stays best effort: it never raises)."""

    def __init__(self) -> None:
        self.unavailable = False
        self.announced: list[str] = []
        self._followers: list[Callable[[str], None]] = []

    async def announce(self, game_id: str) -> None:
        await asyncio.sleep(0)
        if self.unavailable:
            return
        self.announced.append(game_id)
        for forget in list(self._followers):
            forget(game_id)

    async def follow(self, stop: asyncio.Event, forget: Callable[[str], None]) -> None:
        """Call `forget(game_id)` for each announcement until `stop`."""
        self._followers.append(forget)
        try:
            await stop.wait()
        finally:
            self._followers.remove(forget)
