"""Per-seat lists (hands, piles, totals, fields): the state keeps one entry a seat and replaces it whole."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def with_seat(items: Sequence[T], seat: int, value: T) -> list[T]:
    """A copy of `items` whose entry for `seat` is `value`; the others are the same objects."""
    updated = list(items)
    updated[seat] = value
    return updated
