"""Where a card may go and when it takes: the colour placement and the three taking rules."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.le_baron.cards import COLOUR_LIMIT, ROW_LIMIT, colour_counts, colours_of
from domain.games.le_baron.events import TakeReason
from domain.games.le_baron.options import Options


def matching_rows(rows: Sequence[list[int]], card: int) -> list[int]:
    """Rows whose last card shares at least one colour with `card` (the Baron shares them all).

    An empty list is rule 3, "no match".
    """
    colours = colours_of(card)
    return [i for i, row in enumerate(rows) if row and colours_of(row[-1]) & colours]


def sixth_card(row: Sequence[int], options: Options) -> bool:
    """Rule 1: the card would be the sixth of the row (lifted by the `colour_first` variant)."""
    return not options.colour_first and len(row) >= ROW_LIMIT


def colour_overflow(row: Sequence[int], card: int) -> bool:
    """Rule 2: with the new card counted, the row shows six or more symbols of one colour."""
    return max(colour_counts([*row, card])) >= COLOUR_LIMIT


def taking_reason(row: Sequence[int], card: int, options: Options) -> TakeReason | None:
    """Why placing `card` at the end of `row` takes the row, if it does.

    Both rules take exactly the cards already in the row, so when the sixth card also makes six of a
    colour the outcome is the same; the reason given is the first rule, `sixth_card`.
    """
    if sixth_card(row, options):
        return "sixth_card"
    if colour_overflow(row, card):
        return "colour_overflow"
    return None
