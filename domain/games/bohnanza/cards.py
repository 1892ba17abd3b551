"""Bohnanza cards: the beans, their counts and bean-o-meters, the canonical order of rules/dealing.md."""

from __future__ import annotations

from collections.abc import Sequence

# Cards needed for 1, 2, 3, 4 coins; None where the bean-o-meter has no such step.
METERS: dict[str, tuple[int | None, int | None, int | None, int | None]] = {
    "blue": (4, 6, 8, 10),
    "chili": (3, 6, 8, 9),
    "stink": (3, 5, 7, 8),
    "green": (3, 5, 6, 7),
    "soy": (2, 4, 6, 7),
    "black_eyed": (2, 4, 5, 6),
    "red": (2, 3, 4, 5),
    "garden": (None, 2, 3, None),
    "cocoa": (None, 2, 3, 4),
    "wax": (4, 7, 9, 11),
    "coffee": (4, 7, 10, 12),
}
COUNTS: dict[str, int] = {
    "blue": 20,
    "chili": 18,
    "stink": 16,
    "green": 14,
    "soy": 12,
    "black_eyed": 10,
    "red": 8,
    "garden": 6,
    "cocoa": 4,
    "wax": 22,
    "coffee": 24,
}
BASE_BEANS = ("blue", "chili", "stink", "green", "soy", "black_eyed", "red", "garden")
EXTENDED_BEANS = ("blue", "chili", "stink", "green", "soy", "black_eyed", "red", "wax", "coffee")

TURNED_UP = 2


def beans(extended: bool) -> tuple[str, ...]:
    return EXTENDED_BEANS if extended else BASE_BEANS


def deck(extended: bool) -> list[str]:
    """The canonical order handed to the first shuffle: each bean repeated its count."""
    return [bean for bean in beans(extended) for _ in range(COUNTS[bean])]


def coins_for(bean: str, count: int) -> int:
    """The highest coin count whose threshold `count` reaches (0 below the first one)."""
    earned = 0
    for coins, needed in enumerate(METERS[bean], start=1):
        if needed is not None and count >= needed:
            earned = coins
    return earned


def next_threshold(bean: str, count: int) -> int | None:
    """Cards still missing for the next coin, or None when the meter is at its top."""
    for needed in METERS[bean]:
        if needed is not None and needed > count:
            return needed - count
    return None


def bean_counts(cards: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts
