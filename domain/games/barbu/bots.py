"""Barbu bots: `random` plays any legal move; `smart` picks contracts to fit its hand, ducks tricks,
dumps dangerous cards, and in réussite keeps back the cards that would open lines for others.

A bot decides from its seat's view (`Seen`, domain/kernel/bots.py): its own hand and the public facts. The cards
still unplayed elsewhere are the deck less the removed cards, its own hand and the cards laid this round (the
view's `played`: every card laid is seen by everyone), without knowing who holds which.
"""

from __future__ import annotations

from domain.games.barbu.cards import ACE, DECK, LOWEST, RANK_VALUE, card, rank, suit
from domain.games.barbu.commands import ChooseContract, Command, Pass, PlayCard
from domain.games.barbu.contracts import REUSSITE
from domain.games.barbu.options import Options
from domain.games.barbu.scoring import LAST_TRICK, PER_TRICK, REUSSITE_PRIZES, card_points
from domain.games.barbu.views import View
from domain.kernel.bots import Seen
from domain.kernel.shuffle import Draws

# a rough chance that a card of this rank takes the trick it falls in
P_WIN = {2: 0.02, 3: 0.03, 4: 0.04, 5: 0.05, 6: 0.07, 7: 0.09, 8: 0.12, 9: 0.16, 10: 0.22, 11: 0.35, 12: 0.5, 13: 0.7}
P_WIN[ACE] = 0.9
MEAN_P_WIN = sum(P_WIN.values()) / len(P_WIN)
REACH = 6  # réussite: how far from the opening rank a card still counts as easy to lay


def smart(seen: Seen[View, Command, Options], draws: Draws) -> Command:
    view, moves = seen.view, seen.moves
    if view.phase == "choose_contract":
        return choose_contract(view, moves)
    cards = [m.card for m in moves if isinstance(m, PlayCard)]
    if view.contract == REUSSITE:
        return PlayCard(card=best_lay(view, cards)) if cards else Pass()
    return PlayCard(card=best_trick_card(view, cards))


# choosing: take the contract this hand suits best compared with an average hand


def reussite_fit(hand: list[str], opening: int) -> float:
    return sum(max(0.0, 1 - abs(rank(c) - opening) / REACH) for c in hand)


def contract_cost(view: View, contract: str) -> float:
    """Expected points of this hand under `contract`, minus what the contract costs on average.

    The average is over every deal (whatever is removed), since each contract must be chosen once anyway:
    what matters is choosing it with the hand, and the removed cards, that suit it best.
    """
    hand = view.hand
    n, k = len(view.hand_sizes), len(hand)
    if contract == REUSSITE:
        best = max(reussite_fit(hand, r) for r in range(LOWEST, ACE + 1))
        average = k * (REACH / len(P_WIN))
        return sum(REUSSITE_PRIZES) / n * (best / average - 1)
    mine = set(hand)
    share = sum(P_WIN[rank(c)] for c in hand) / (k * MEAN_P_WIN * n)
    cost = average = 0.0
    for c in DECK:
        points = card_points(contract, c)
        if points:
            average += points / n
            if c not in view.removed:
                cost += points * (P_WIN[rank(c)] if c in mine else share)
    if contract in ("tricks", "salad"):
        cost += PER_TRICK * k * share
        average += PER_TRICK * k / n
    if contract in ("last_trick", "salad"):
        cost += LAST_TRICK * share
        average += LAST_TRICK / n
    return cost - average


def choose_contract(view: View, moves: list[Command]) -> Command:
    return min(moves, key=lambda m: contract_cost(view, m.contract) if isinstance(m, ChooseContract) else 0)


# trick play: lose tricks, and lose them with the dangerous cards


def unplayed_elsewhere(view: View) -> set[str]:
    """The cards the other seats hold between them: nothing else is left of the deck."""
    return set(DECK).difference(view.removed, view.hand, view.played)


def lead_risk(elsewhere: set[str], led: str) -> float:
    """How likely a lead takes its own trick: certain when nobody can go higher."""
    colour, value = suit(led), rank(led)
    others = [rank(c) for c in elsewhere if suit(c) == colour]
    higher = sum(1 for v in others if v > value)
    if not higher:
        return 1.0
    return 0.5 * (len(others) - higher) / len(others)


def best_trick_card(view: View, cards: list[str]) -> str:
    contract = view.contract or ""

    def points(c: str) -> int:
        return card_points(contract, c)

    if contract == "last_trick" and len(view.hand) > 1:
        # only the last trick costs: shed the high cards while tricks are free
        return max(cards, key=rank)
    elsewhere = unplayed_elsewhere(view)
    if not view.trick:
        return min(cards, key=lambda c: (points(c) > 0, lead_risk(elsewhere, c), rank(c)))
    led = suit(view.trick[0].card)
    if suit(cards[0]) != led:
        # a discard never wins: it is the moment to shed the costliest card
        return max(cards, key=lambda c: (points(c), rank(c)))
    winning = max(rank(laid.card) for laid in view.trick if suit(laid.card) == led)
    under = [c for c in cards if rank(c) < winning]
    if under:
        return max(under, key=lambda c: (points(c), rank(c)))
    higher_elsewhere = any(suit(c) == led and rank(c) > rank(min(cards, key=rank)) for c in elsewhere)
    if len(view.trick) == len(view.hand_sizes) - 1 or not higher_elsewhere:
        # the trick is ours whatever we play: spend the highest card that costs nothing
        return max(cards, key=lambda c: (-points(c), rank(c)))
    return min(cards, key=lambda c: (points(c), rank(c)))


# réussite: go out fast, and open as little as possible for the others


def line_of(view: View, colour: str) -> tuple[int, int] | None:
    """The lowest and highest rank laid in `colour`, or None while the suit is not open."""
    line = view.lines.get(colour)
    return (RANK_VALUE[line[0]], RANK_VALUE[line[1]]) if line else None


def unlocked_by(view: View, laid: str) -> list[str]:
    """The cards that laying `laid` makes playable."""
    colour, value = suit(laid), rank(laid)
    line = line_of(view, colour)
    if line is None:
        return [card(v, colour) for v in (value - 1, value + 1) if LOWEST <= v <= ACE]
    steps = [value - 1] if value < line[0] else [value + 1]
    return [card(v, colour) for v in steps if LOWEST <= v <= ACE]


def lay_value(view: View, laid: str) -> float:
    hand, removed = view.hand, view.removed
    value = 0.0
    for freed in unlocked_by(view, laid):
        if freed in hand:
            value += 2
        elif freed not in removed:
            value -= 1
    if rank(laid) == ACE and len(hand) > 1:
        value += 1.5
    return value


def best_lay(view: View, cards: list[str]) -> str:
    if view.opening_rank is None:
        return max(cards, key=lambda c: (reussite_fit(view.hand, rank(c)), lay_value(view, c)))
    opening = RANK_VALUE[view.opening_rank]
    return max(cards, key=lambda c: (lay_value(view, c), -abs(rank(c) - opening)))
