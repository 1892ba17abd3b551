"""Daron cards: codes, the 100-card deck in the canonical order of rules/dealing.md, hand points."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

HAND = 7
ROUNDS = 3
WIN_BONUS = 5

NUMBERS = tuple(str(v) for v in range(1, 10))
JOKER_EVEN = "joker_even"
JOKER_ODD = "joker_odd"
JOKERS = (JOKER_EVEN, JOKER_ODD)
OPERATORS = ("+2", "+3", "+4", "+5", "x2")
DUEL_OPENERS = ("+2", "+3", "+4", "+5")
DOUBLE = "x2"
DARON = "daron"
REVERSERS = frozenset({"1", "9"})

COMPOSITION: tuple[tuple[str, int], ...] = (
    *((n, 4 if n in REVERSERS else 8) for n in NUMBERS),
    (JOKER_EVEN, 4),
    (JOKER_ODD, 4),
    ("+2", 4),
    ("+3", 4),
    ("+4", 4),
    ("+5", 2),
    ("x2", 2),
    (DARON, 12),
)
CODES = tuple(code for code, _ in COMPOSITION)
RANK = {code: i for i, code in enumerate(CODES)}
DECK_SIZE = sum(count for _, count in COMPOSITION)


def deck() -> list[str]:
    """The canonical order handed to the shuffle."""
    return [code for code, count in COMPOSITION for _ in range(count)]


def is_number(card: str) -> bool:
    return card in RANK and RANK[card] < len(NUMBERS)


def value(card: str) -> int:
    return int(card)


def points(card: str) -> int:
    if is_number(card):
        return 1
    if card in JOKERS:
        return 3
    return 2


def hand_points(hand: Iterable[str]) -> int:
    return sum(points(c) for c in hand)


def plus(card: str) -> int:
    """The k of a `+k` card."""
    return int(card[1:])


def joker_for(top: int) -> str:
    """The joker that may cover `top`: the one of the same parity."""
    return JOKER_EVEN if top % 2 == 0 else JOKER_ODD


def sort_hand(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=RANK.__getitem__)


def without(hand: list[str], cards: Iterable[str]) -> list[str]:
    """`hand` minus one copy of each of `cards` (all of them held)."""
    left = Counter(cards)
    out: list[str] = []
    for c in hand:
        if left[c]:
            left[c] -= 1
        else:
            out.append(c)
    return out


def holds(hand: Iterable[str], cards: Iterable[str]) -> bool:
    """Does `hand` hold every card of `cards`, duplicates counted?"""
    have = Counter(hand)
    need = Counter(cards)
    return all(have[c] >= k for c, k in need.items())
