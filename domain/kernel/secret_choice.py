"""The simultaneous hidden choice of the row games (six-nimmt, le-baron).

Every seat picks one card in secret and may change it until all have picked; then the choices are
revealed together and resolved in ascending card order. The games keep `chosen` as one slot per seat
(`None` while undecided) and hand their own event structs to these helpers.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel.viewer import Viewer

Choices = Sequence[int | None]


def with_choice(chosen: Choices, seat: int, card: int | None) -> list[int | None]:
    """A copy of `chosen` with the seat's (new) choice; changing one's mind is the same fact."""
    updated = list(chosen)
    updated[seat] = card
    return updated


def nobody_chose(players: int) -> list[int | None]:
    return [None] * players


def everyone_chose(chosen: Choices) -> bool:
    return all(card is not None for card in chosen)


def still_choosing(chosen: Choices) -> list[int]:
    return [seat for seat, card in enumerate(chosen) if card is None]


def reveal_order(chosen: Choices) -> list[tuple[int, int]]:
    """Every (seat, card), lowest card first: the order the cards are resolved in."""
    return [(seat, card) for card, seat in sorted((c, s) for s, c in enumerate(chosen) if c is not None)]


def without_revealed(hands: Sequence[list[int]], chosen: Choices) -> list[list[int]]:
    """The hands once each revealed card has left its owner's hand."""
    return [[c for c in hand if c != chosen[seat]] for seat, hand in enumerate(hands)]


def shown_choice(card: int | None, chooser: int, viewer: Viewer) -> int | None:
    """A secret choice is shown to its chooser only (and to everyone once the game has ended)."""
    return card if viewer.can_see(chooser) else None
