"""The rule "a player never keeps a single card": whoever is left with one draws one at once.

A deposit needs no check: it always leaves a reshufflable card under its new top. A duel or a brawl lays its
cards only where they leave two, or one that a draw replaces at once; and it never empties the hand, since only
a deposit ending on a number card goes out.
"""

from __future__ import annotations

from domain.games.daron.drawing import draw_cards, drawable
from domain.games.daron.evolve import Rec
from domain.games.daron.state import State
from domain.kernel.context import Shuffler
from domain.kernel.errors import RuleViolation, refuse


def laying_refusal(state: State, seat: int, count: int) -> RuleViolation | None:
    """Why laying `count` duel or brawl cards would break the rule; None when it keeps it."""
    left = len(state.hands[seat]) - count
    if left == 0:
        return refuse("would_empty_hand", "only a deposit ending on a number card may empty your hand")
    if left >= 2 or (left == 1 and drawable(state) > 0):
        return None
    return refuse("would_leave_one_card", "nothing is left to draw, so this would leave you one card")


def may_lay(state: State, seat: int, count: int) -> bool:
    return laying_refusal(state, seat, count) is None


def check_laying(state: State, seat: int, count: int) -> None:
    refusal = laying_refusal(state, seat, count)
    if refusal is not None:
        raise refusal


def draw_if_one_left(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    if len(rec.state.hands[seat]) == 1:
        draw_cards(rec, seat, 1, "one_card", shuffler)
