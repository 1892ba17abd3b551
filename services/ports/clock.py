"""Time, as the services read it and wait on it, and the turn timer's clock: the games whose turn ran out.

Every wait of a service (a loop's pause, a bot's think delay and trading window, a webhook send's time limit, a
rematch's creation) goes through `Clock.sleep`, never `asyncio.sleep` or a timeout of its own: in production that
is the event loop's time (`SYSTEM_CLOCK`); in the unit tests a manual clock (tests/unit/services/fakes.py) releases
each sleeper when the test advances it, so no test waits for real and none depends on how loaded the machine is.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Protocol, runtime_checkable


class DueGames(Protocol):
    async def due(self, now: datetime, limit: int) -> list[tuple[str, int]]:
        """(game id, version) of running timed games whose last event is older than their turn timer."""


@runtime_checkable
class Clock(Protocol):
    def now(self) -> datetime:
        """The wall time, aware (UTC): what writes are stamped with, what turn deadlines and archiving compare."""

    def time(self) -> float:
        """The wall time in epoch seconds: the projections' scores (bot turns, lobbies) and webhook signatures."""

    def monotonic(self) -> float:
        """Seconds from an arbitrary start, never backwards: deadlines within this process."""

    async def sleep(self, seconds: float) -> None:
        """Return once `seconds` have passed on this clock (at once for 0 or less, after a turn of the loop)."""


def _utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class SystemClock:
    """The process' own time. `wall` may be given a fixed sequence instead (the corpus' and the conformance
    files' recordings stamp their writes with one): only `now` reads it."""

    wall: Callable[[], datetime] = field(default=_utc_now)

    def now(self) -> datetime:
        return self.wall()

    def time(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(seconds, 0.0))


SYSTEM_CLOCK = SystemClock()
