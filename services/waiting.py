"""Waiting for something or a time, whichever comes first, on a `Clock` (services/ports/clock.py).

`asyncio.wait_for(x, timeout)` and `asyncio.wait(..., timeout=)` keep their time on the event loop, where a test's
manual clock cannot reach; these race what is awaited against `clock.sleep(seconds)` instead.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from services.ports.clock import Clock


async def wait(
    clock: Clock,
    futures: Iterable[asyncio.Future[Any]],
    seconds: float | None,
    return_when: str = asyncio.ALL_COMPLETED,
) -> None:
    """`asyncio.wait(futures, timeout=seconds, return_when=...)` on `clock`: returns when they are done (all, or the
    first, as `return_when` says) or `seconds` have passed (None: no limit). Cancels nothing of `futures`."""
    waiting: set[asyncio.Future[Any]] = set(futures)
    if not waiting:
        return
    if seconds is None:
        await asyncio.wait(waiting, return_when=return_when)
        return
    timer = asyncio.ensure_future(clock.sleep(seconds))
    try:
        if return_when == asyncio.ALL_COMPLETED:
            everything = asyncio.ensure_future(asyncio.wait(waiting))
            try:
                await asyncio.wait({everything, timer}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                everything.cancel()
        else:
            await asyncio.wait({*waiting, timer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        timer.cancel()


async def until(clock: Clock, event: asyncio.Event, seconds: float) -> bool:
    """Wait until `event` is set or `seconds` pass on `clock`; is it set?"""
    if event.is_set():
        return True
    setting = asyncio.ensure_future(event.wait())
    try:
        await wait(clock, {setting}, seconds, asyncio.FIRST_COMPLETED)
    finally:
        setting.cancel()
    return event.is_set()
