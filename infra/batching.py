"""Group commit: writes that arrive while a round trip is in flight share the next one.

Under concurrency most of a write's cost is the round trip's fixed part (the driver's work in Python, the
statement, the commit), not the rows. A `Batcher` keeps one flush in flight: a write that finds none goes
at once, so a lone client waits no longer than before, and whatever arrives meanwhile goes in the next.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

# One outcome per item, in order: its result, or the exception its caller gets.
Flush = Callable[[list[Item]], Awaitable[list[Result | BaseException]]]


class Batcher(Generic[Item, Result]):
    """`key`, when given, keeps two items of one key out of the same flush (a later one waits for the next),
    for writes whose checks see each other only across round trips."""

    def __init__(
        self,
        flush: Flush[Item, Result],
        key: Callable[[Item], Hashable] | None = None,
        max_batch: int = 64,
    ) -> None:
        self._flush = flush
        self._key = key
        self._max_batch = max_batch
        self._pending: deque[tuple[Item, asyncio.Future[Result]]] = deque()
        self._drainer: asyncio.Task[None] | None = None

    async def submit(self, item: Item) -> Result:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Result] = loop.create_future()
        self._pending.append((item, future))
        drainer = self._drainer
        # a drainer left by a closed loop (a finished test) never runs again: start one on this loop
        if drainer is None or drainer.done() or drainer.get_loop() is not loop:
            self._drainer = loop.create_task(self._drain())
        return await future

    def _next_batch(self) -> list[tuple[Item, asyncio.Future[Result]]]:
        batch: list[tuple[Item, asyncio.Future[Result]]] = []
        held: list[tuple[Item, asyncio.Future[Result]]] = []
        keys: set[Hashable] = set()
        while self._pending and len(batch) < self._max_batch:
            item, future = self._pending.popleft()
            if future.done():
                continue  # its caller was cancelled before the write left: it is not sent at all
            if self._key is not None:
                key = self._key(item)
                if key in keys:
                    held.append((item, future))
                    continue
                keys.add(key)
            batch.append((item, future))
        self._pending.extendleft(reversed(held))
        return batch

    async def _drain(self) -> None:
        while batch := self._next_batch():
            try:
                outcomes = await self._flush([item for item, _ in batch])
            except Exception as exc:  # the flush itself failed: every caller in it hears why
                outcomes = [exc] * len(batch)
            except BaseException:  # the loop is shutting down: nobody waits for the answer any more
                for _, future in [*batch, *self._pending]:
                    future.cancel()
                self._pending.clear()
                raise
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)
