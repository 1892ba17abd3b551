"""Six-nimmt cards: values 1..104 and their bull heads."""

from __future__ import annotations

ROWS = 4
HAND = 10
ROW_LIMIT = 5  # the sixth card in a row takes the five before it


def heads(card: int) -> int:
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


def heads_of(cards: list[int]) -> int:
    return sum(heads(c) for c in cards)


def deck_size(players: int, full: bool) -> int:
    return 104 if full else 10 * players + 4


def deck(players: int, full: bool) -> list[int]:
    return list(range(1, deck_size(players, full) + 1))
