"""Group commit: writes that arrive while round trips are in flight share the next one.

Under concurrency most of a write's cost is the round trip's fixed part (the driver's work in Python, the
statement, the commit), not the rows. A `Batcher` sends a write at once while fewer than `in_flight` flushes
are out, so a lone client waits no longer than before, and gathers whatever arrives meanwhile into the next.
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
    """`key`, when given, keeps two items of one key out of the same flush and out of flushes in flight
    together (a later one waits for the next): for writes whose checks see each other only once committed,
    and whose row locks, taken in two orders by two flushes, could deadlock."""

    def __init__(
        self,
        flush: Flush[Item, Result],
        key: Callable[[Item], Hashable] | None = None,
        max_batch: int = 64,
        in_flight: int = 1,
    ) -> None:
        self._flush = flush
        self._key = key
        self._max_batch = max_batch
        self._in_flight = in_flight
        self._pending: deque[tuple[Item, asyncio.Future[Result]]] = deque()
        self._drainers: set[asyncio.Task[None]] = set()
        self._busy_keys: set[Hashable] = set()

    async def submit(self, item: Item) -> Result:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Result] = loop.create_future()
        self._pending.append((item, future))
        # drainers left by a closed loop (a finished test) never run again: only this loop's count
        live = {d for d in self._drainers if not d.done() and d.get_loop() is loop}
        if not live:
            self._busy_keys.clear()  # no flush is out: no key can be busy
        if len(live) < self._in_flight:
            live.add(loop.create_task(self._drain()))
        self._drainers = live
        return await future

    def _next_batch(self) -> list[tuple[Item, asyncio.Future[Result]]]:
        batch: list[tuple[Item, asyncio.Future[Result]]] = []
        held: list[tuple[Item, asyncio.Future[Result]]] = []
        while self._pending and len(batch) < self._max_batch:
            item, future = self._pending.popleft()
            if future.done():
                continue  # its caller was cancelled before the write left: it is not sent at all
            if self._key is not None:
                key = self._key(item)
                if key in self._busy_keys:
                    held.append((item, future))
                    continue
                self._busy_keys.add(key)
            batch.append((item, future))
        self._pending.extendleft(reversed(held))
        return batch

    async def _drain(self) -> None:
        while self._pending:
            batch = self._next_batch()
            if not batch:
                return  # what is left waits on keys in flight: their drainer takes it next
            try:
                outcomes = await self._flush([item for item, _ in batch])
            except Exception as exc:  # the flush itself failed: every caller in it hears why
                outcomes = [exc] * len(batch)
            except BaseException:  # the loop is shutting down: nobody waits for the answer any more
                for _, future in [*batch, *self._pending]:
                    future.cancel()
                self._pending.clear()
                raise
            finally:
                if self._key is not None:
                    self._busy_keys.difference_update(self._key(item) for item, _ in batch)
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)
