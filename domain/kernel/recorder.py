"""Decide by recording: each emitted event is applied at once, so later checks see its effect.

This keeps every transition in `evolve` (one place) while `decide` reads like the rulebook.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

S = TypeVar("S")
E = TypeVar("E")


class Recorder(Generic[S, E]):
    def __init__(self, state: S, evolve: Callable[[S, E], S]) -> None:
        self.state = state
        self.events: list[E] = []
        self._evolve = evolve

    def emit(self, event: E) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)
