"""The loop every background task runs in: a step, then a pause, until the process stops.

The projector, the turn timer, the bot sweeper and the webhook worker each give one step. A backing service that
is down only makes the loop wait (logged quietly, tried again next tick); any other failure is logged with its
stack and the loop goes on, so one bad step never stops a task for the life of the process.

Each step runs inside `tick(name)`: nothing by default; while tracing is on, api/tracing.py makes it a span, the
root of that tick's trace, so that what the step does (its statements, Redis calls, a bot's move, a webhook's send)
are its children, not a trace of one statement each, every half second, per loop and process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager

from services.ports import SYSTEM_CLOCK, Clock, ProjectionUnavailable, StoreUnavailable
from services.waiting import until

WAITING = (ProjectionUnavailable, StoreUnavailable)

Tick = Callable[[str], AbstractContextManager[object]]
_ticks: list[Tick] = []  # the one hook, while tracing is on


def trace_ticks(tick: Tick | None) -> None:
    """Run every loop's steps inside `tick(name)` from now on (None: inside nothing)."""
    _ticks.clear()
    if tick is not None:
        _ticks.append(tick)


def _tick(name: str) -> AbstractContextManager[object]:
    return _ticks[0](name) if _ticks else contextlib.nullcontext()


async def run_every(
    name: str,
    step: Callable[[], Awaitable[bool | None]],
    stop: asyncio.Event,
    interval: float,
    clock: Clock = SYSTEM_CLOCK,
) -> None:
    """Run `step` every `interval` seconds of `clock` until `stop` is set; a step that returns True (more is
    waiting, e.g. a full batch) runs again at once."""
    log = logging.getLogger(f"tapis.{name}")
    while not stop.is_set():
        try:
            with _tick(name):
                more = await step()
            if more:
                continue
        except WAITING as exc:
            log.info("%s waiting: %s", name, exc)
        except Exception:
            log.exception("%s step failed", name)
        await until(clock, stop, interval)
