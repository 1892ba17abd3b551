"""Barbu cards: a 52-card deck, codes like `10H`, and the canonical order of rules/dealing.md."""

from __future__ import annotations

from collections.abc import Iterable

SUITS = ("C", "D", "H", "S")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_VALUE = {code: value for value, code in enumerate(RANKS, start=2)}  # 2..14
RANK_CODE = {value: code for code, value in RANK_VALUE.items()}
LOWEST, ACE = 2, 14
HEARTS = "H"
KING_OF_HEARTS = "KH"
QUEENS = frozenset(f"Q{s}" for s in SUITS)

DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)  # canonical order: C, D, H, S; 2..A
CARD_INDEX = {card: i for i, card in enumerate(DECK)}


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> int:
    return RANK_VALUE[card[:-1]]


def card(rank_value: int, suit_code: str) -> str:
    return RANK_CODE[rank_value] + suit_code


def hand_size(players: int) -> int:
    return len(DECK) // players


def in_canonical_order(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=CARD_INDEX.__getitem__)
