"""Barbu points (bad points, except réussite): what a won trick costs under each contract."""

from __future__ import annotations

from domain.games.barbu.cards import HEARTS, KING_OF_HEARTS, QUEENS, suit

PER_HEART = 10
PER_QUEEN = 25
PER_TRICK = 10
KING = 100
LAST_TRICK = 100
REUSSITE_PRIZES = (-100, -50)  # first and second player out


def card_points(contract: str, card: str) -> int:
    """What holding `card` in a won trick costs, whatever the trick."""
    heart = PER_HEART if suit(card) == HEARTS else 0
    queen = PER_QUEEN if card in QUEENS else 0
    king = KING if card == KING_OF_HEARTS else 0
    match contract:
        case "king_of_hearts":
            return king
        case "queens":
            return queen
        case "hearts":
            return heart
        case "salad":
            return king + queen + heart
    return 0


def trick_points(contract: str, cards: list[str], last: bool) -> int:
    """The points of one won trick: its cards, plus the trick itself and the last trick where they count."""
    points = sum(card_points(contract, c) for c in cards)
    if contract in ("tricks", "salad"):
        points += PER_TRICK
    if contract in ("last_trick", "salad") and last:
        points += LAST_TRICK
    return points


def scores_in(contract: str, card: str) -> bool:
    return card_points(contract, card) > 0
