"""The "never one card" rule: what a duel or brawl may take out of a hand."""

from __future__ import annotations

from domain.games.daron.state import State


def drawable(state: State) -> int:
    """Cards a player could still draw: the pile, plus the discard but its top once reshuffled."""
    return len(state.draw_pile) + max(0, len(state.discard) - 1)


def may_lay(state: State, seat: int, count: int) -> bool:
    """Laying `count` duel or brawl cards keeps a card in hand, and two unless one can be drawn at once.

    A deposit needs no such check: it always leaves a reshufflable card under the new top.
    """
    left = len(state.hands[seat]) - count
    return left >= 2 or (left == 1 and drawable(state) > 0)
