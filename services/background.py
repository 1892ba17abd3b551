"""The loop every background task runs in: a step, then a pause, until the process stops.

The projector, the turn timer, the bot sweeper and the webhook worker each give one step. A backing service that
is down only makes the loop wait (logged quietly, tried again next tick); any other failure is logged with its
stack and the loop goes on, so one bad step never stops a task for the life of the process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from services.ports import ProjectionUnavailable, StoreUnavailable

WAITING = (ProjectionUnavailable, StoreUnavailable)


async def run_every(
    name: str, step: Callable[[], Awaitable[bool | None]], stop: asyncio.Event, interval: float
) -> None:
    """Run `step` every `interval` seconds until `stop` is set; a step that returns True (more is waiting,
    e.g. a full batch) runs again at once."""
    log = logging.getLogger(f"tapis.{name}")
    while not stop.is_set():
        try:
            if await step():
                continue
        except WAITING as exc:
            log.info("%s waiting: %s", name, exc)
        except Exception:
            log.exception("%s step failed", name)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=interval)
