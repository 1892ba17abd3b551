"""Dealing as rules/dealing.md defines it for every game: "one at a time", the front card first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def one_at_a_time(cards: Sequence[T], players: int, first: int = 0) -> list[list[T]]:
    """The hands that `cards` make, dealt one at a time from seat `first` by increasing seats (wrapping).

    Each hand keeps the order it received its cards in; deal only the cards meant for the hands.
    """
    hands: list[list[T]] = [[] for _ in range(players)]
    for i, card in enumerate(cards):
        hands[(first + i) % players].append(card)
    return hands
