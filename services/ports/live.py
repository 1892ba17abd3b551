"""Live streams: a game's wake-ups."""

from __future__ import annotations

import contextlib
from typing import Protocol


class Subscription(Protocol):
    async def wait(self, seconds: float) -> bool:
        """True when the game moved (or may have) within `seconds`."""


class Wakeups(Protocol):
    def subscribe(self, game_id: str) -> contextlib.AbstractAsyncContextManager[Subscription]: ...
