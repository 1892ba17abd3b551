"""The rows of the row games (six-nimmt, le-baron): cards go at the end, a taken row empties.

Taking always empties the whole row before the card that caused it is placed, so "the card starts
the row" is just a placement into an empty row. Each helper returns new lists and copies only the
one row or pile it changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel.per_seat import with_seat
from domain.kernel.versioned import VersionedEvent


# The same fact in both games; its tag and fields are a storage format.
class CardPlaced(VersionedEvent, tag="CardPlaced"):
    seat: int
    card: int
    row: int


def rows_started(starters: Sequence[int]) -> list[list[int]]:
    return [[card] for card in starters]


def with_card_placed(rows: Sequence[list[int]], row: int, card: int) -> list[list[int]]:
    updated = list(rows)
    updated[row] = [*updated[row], card]
    return updated


def with_row_emptied(rows: Sequence[list[int]], row: int) -> list[list[int]]:
    updated = list(rows)
    updated[row] = []
    return updated


def with_cards_added(piles: Sequence[list[int]], seat: int, cards: Sequence[int]) -> list[list[int]]:
    """A seat's pile once `cards` have gone onto it (a taken row; le-baron: a card slipped under)."""
    return with_seat(piles, seat, [*piles[seat], *cards])
