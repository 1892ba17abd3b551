"""Barbu bots: `random` plays any legal move; `smart` picks contracts to fit its hand, ducks tricks,
dumps dangerous cards, and in réussite keeps back the cards that would open lines for others.

A bot reads only its own hand and public facts. The set of cards still unplayed is public (every player
sees each card laid down), so it is taken as the union of the other hands without asking who holds what.
"""

from __future__ import annotations

from domain.games.barbu.cards import ACE, DECK, LOWEST, card, rank, suit
from domain.games.barbu.commands import ChooseContract, Command, Pass, PlayCard
from domain.games.barbu.contracts import REUSSITE
from domain.games.barbu.scoring import LAST_TRICK, PER_TRICK, REUSSITE_PRIZES, card_points
from domain.games.barbu.state import State
from domain.kernel.shuffle import Draws

# a rough chance that a card of this rank takes the trick it falls in
P_WIN = {2: 0.02, 3: 0.03, 4: 0.04, 5: 0.05, 6: 0.07, 7: 0.09, 8: 0.12, 9: 0.16, 10: 0.22, 11: 0.35, 12: 0.5, 13: 0.7}
P_WIN[ACE] = 0.9
MEAN_P_WIN = sum(P_WIN.values()) / len(P_WIN)
REACH = 6  # réussite: how far from the opening rank a card still counts as easy to lay


def smart(state: State, seat: int, moves: list[Command], draws: Draws) -> Command:
    if state.phase == "choose_contract":
        return choose_contract(state, seat, moves)
    cards = [m.card for m in moves if isinstance(m, PlayCard)]
    if state.contract == REUSSITE:
        return PlayCard(card=best_lay(state, seat, cards)) if cards else Pass()
    return PlayCard(card=best_trick_card(state, seat, cards))


# choosing: take the contract this hand suits best compared with an average hand


def reussite_fit(hand: list[str], opening: int) -> float:
    return sum(max(0.0, 1 - abs(rank(c) - opening) / REACH) for c in hand)


def contract_cost(state: State, hand: list[str], contract: str) -> float:
    """Expected points of this hand under `contract`, minus what the contract costs on average.

    The average is over every deal (whatever is removed), since each contract must be chosen once anyway:
    what matters is choosing it with the hand, and the removed cards, that suit it best.
    """
    n, k = state.players, len(hand)
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
            if c not in state.removed:
                cost += points * (P_WIN[rank(c)] if c in mine else share)
    if contract in ("tricks", "salad"):
        cost += PER_TRICK * k * share
        average += PER_TRICK * k / n
    if contract in ("last_trick", "salad"):
        cost += LAST_TRICK * share
        average += LAST_TRICK / n
    return cost - average


def choose_contract(state: State, seat: int, moves: list[Command]) -> Command:
    hand = state.hands[seat]
    return min(moves, key=lambda m: contract_cost(state, hand, m.contract) if isinstance(m, ChooseContract) else 0)


# trick play: lose tricks, and lose them with the dangerous cards


def unplayed_elsewhere(state: State, seat: int) -> set[str]:
    return {c for other, hand in enumerate(state.hands) if other != seat for c in hand}


def lead_risk(state: State, seat: int, led: str) -> float:
    """How likely a lead takes its own trick: certain when nobody can go higher."""
    colour, value = suit(led), rank(led)
    others = [rank(c) for c in unplayed_elsewhere(state, seat) if suit(c) == colour]
    higher = sum(1 for v in others if v > value)
    if not higher:
        return 1.0
    return 0.5 * (len(others) - higher) / len(others)


def best_trick_card(state: State, seat: int, cards: list[str]) -> str:
    contract = state.contract or ""

    def points(c: str) -> int:
        return card_points(contract, c)

    if contract == "last_trick" and len(state.hands[seat]) > 1:
        # only the last trick costs: shed the high cards while tricks are free
        return max(cards, key=rank)
    if not state.trick:
        return min(cards, key=lambda c: (points(c) > 0, lead_risk(state, seat, c), rank(c)))
    led = suit(state.trick[0][1])
    if suit(cards[0]) != led:
        # a discard never wins: it is the moment to shed the costliest card
        return max(cards, key=lambda c: (points(c), rank(c)))
    winning = max(rank(c) for _, c in state.trick if suit(c) == led)
    under = [c for c in cards if rank(c) < winning]
    if under:
        return max(under, key=lambda c: (points(c), rank(c)))
    higher_elsewhere = any(
        suit(c) == led and rank(c) > rank(min(cards, key=rank)) for c in unplayed_elsewhere(state, seat)
    )
    if len(state.trick) == state.players - 1 or not higher_elsewhere:
        # the trick is ours whatever we play: spend the highest card that costs nothing
        return max(cards, key=lambda c: (-points(c), rank(c)))
    return min(cards, key=lambda c: (points(c), rank(c)))


# réussite: go out fast, and open as little as possible for the others


def unlocked_by(state: State, laid: str) -> list[str]:
    """The cards that laying `laid` makes playable."""
    colour, value = suit(laid), rank(laid)
    line = state.lines.get(colour)
    if line is None:
        return [card(v, colour) for v in (value - 1, value + 1) if LOWEST <= v <= ACE]
    steps = [value - 1] if value < line[0] else [value + 1]
    return [card(v, colour) for v in steps if LOWEST <= v <= ACE]


def lay_value(state: State, seat: int, laid: str) -> float:
    hand, removed = state.hands[seat], state.removed
    value = 0.0
    for freed in unlocked_by(state, laid):
        if freed in hand:
            value += 2
        elif freed not in removed:
            value -= 1
    if rank(laid) == ACE and len(hand) > 1:
        value += 1.5
    return value


def best_lay(state: State, seat: int, cards: list[str]) -> str:
    hand = state.hands[seat]
    if state.opening is None:
        return max(cards, key=lambda c: (reussite_fit(hand, rank(c)), lay_value(state, seat, c)))
    return max(cards, key=lambda c: (lay_value(state, seat, c), -abs(rank(c) - (state.opening or 0))))
