"""Réussite rules: suit lines grow up and down from the opening rank; aces play again; jams end it."""

from __future__ import annotations

from domain.games.barbu.cards import ACE, rank, suit
from domain.games.barbu.state import State


def fits(state: State, card: str) -> bool:
    """The first card is free; then a card extends its suit's line at either end or opens a suit at the opening rank."""
    if state.opening is None:
        return True
    value = rank(card)
    line = state.lines.get(suit(card))
    if line is None:
        return value == state.opening
    low, high = line
    return value in (low - 1, high + 1)  # nothing lies below 2 or above A, so the ends close by themselves


def playable_in_reussite(state: State, seat: int) -> list[str]:
    return [c for c in state.hands[seat] if fits(state, c)]


def grants_extra_play(card: str) -> bool:
    return rank(card) == ACE


def holders(state: State) -> int:
    return sum(1 for hand in state.hands if hand)


def jammed(state: State) -> bool:
    """Every player still holding cards has passed in a row, with no card laid down in between."""
    return state.passes >= holders(state)
