"""Answers asked of the database once and kept: who asks while the question is out waits for the same answer.

The waiters resume in the order they asked. That matters to the event store (infra/event_store.py): two appends
to one stream made one after the other must reach its group commit in that order (the first wins, the second
conflicts), even when both had to learn which group commit takes the stream.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from cachetools import LRUCache

Key = TypeVar("Key", bound=Hashable)
Answer = TypeVar("Answer")


class Asked(Generic[Key, Answer]):
    """`await asked(key)`: `ask(key)`'s answer, asked once and kept for the `kept` most recent keys. A failed
    question is not kept: the next caller asks again."""

    def __init__(self, ask: Callable[[Key], Awaitable[Answer]], kept: int) -> None:
        self._ask = ask
        self._answers: LRUCache[Key, Answer] = LRUCache(kept)
        self._out: dict[Key, asyncio.Task[Answer]] = {}

    async def __call__(self, key: Key) -> Answer:
        if key in self._answers:
            return self._answers[key]  # no suspension: callers keep their order
        out = self._out.get(key)
        # a question left out by a closed loop (a finished test) is never answered on this one: ask again
        if out is None or out.get_loop() is not asyncio.get_running_loop():
            out = self._out[key] = asyncio.ensure_future(self._answer(key))
        # shielded: a caller that gives up (cancelled) does not cancel the question the others wait on
        return await asyncio.shield(out)

    def forget(self, key: Key) -> Answer | None:
        """Drop the kept answer (the next caller asks again); the answer, if one was kept."""
        return self._answers.pop(key, None)

    def clear(self) -> list[Answer]:
        """Drop every kept answer; the answers dropped."""
        answers = list(self._answers.values())
        self._answers.clear()
        return answers

    async def _answer(self, key: Key) -> Answer:
        try:
            answer = await self._ask(key)
            self._answers[key] = answer
            return answer
        finally:
            if self._out.get(key) is asyncio.current_task():
                del self._out[key]
