"""Record changes told to the other API processes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol


class RecordNews(Protocol):
    """Tells the other API processes that a game's record changed, so they drop their cached copy."""

    async def announce(self, game_id: str) -> None: ...

    async def follow(self, stop: asyncio.Event, forget: Callable[[str], None]) -> None:
        """Until `stop`: call `forget(game_id)` for every game another process announces."""
