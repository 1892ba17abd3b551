"""Daron bots: `random` plays any legal move; `smart` sheds the most points and fights back.

A bot decides from its seat's view (`Seen`, domain/kernel/bots.py): its own hand, the public counts, the phase.
"""

from __future__ import annotations

from domain.games.daron.cards import REVERSERS, hand_points, plus
from domain.games.daron.commands import Accept, Brawl, Command, Deposit, Draw, Duel, Pass, Riposte
from domain.games.daron.options import Options
from domain.games.daron.views import View
from domain.kernel.bots import Seen
from domain.kernel.shuffle import Draws

GOING_OUT = 1000.0
GOOD_DEPOSIT = 3.0  # worth more than a brawl: sheds three points or more

Sight = Seen[View, Command, Options]


def deposit_worth(hand: list[str], cards: list[str]) -> float:
    """Points shed, plus a turn more after a 1 or a 9; one card left means a blind draw."""
    left = len(hand) - len(cards)
    if left == 0:
        return GOING_OUT
    worth = hand_points(cards) + 0.1 * len(cards)
    if REVERSERS.intersection(cards):
        worth += 1.5
    if left == 1:
        worth -= 0.5
    return worth


def best_deposit(hand: list[str], moves: list[Command]) -> Deposit | None:
    deposits = [m for m in moves if isinstance(m, Deposit)]
    if not deposits:
        return None
    return max(deposits, key=lambda m: deposit_worth(hand, m.cards))


def answer_duel(moves: list[Command]) -> Command:
    ripostes = [m for m in moves if isinstance(m, Riposte)]
    if not ripostes:
        return Accept()
    # the cheapest riposte that sends the duel back keeps the strong cards for later
    return min(ripostes, key=lambda m: 100 if m.card == "x2" else plus(m.card))


def answer_brawl(moves: list[Command]) -> Command:
    joins = [m for m in moves if isinstance(m, Brawl)]
    return min(joins, key=lambda m: m.count) if joins else Accept()


def act(hand: list[str], moves: list[Command]) -> Command:
    """Go out if possible; else a deposit worth three points; else a brawl, a smaller deposit, a duel, a draw."""
    deposit = best_deposit(hand, moves)
    worth = deposit_worth(hand, deposit.cards) if deposit is not None else 0.0
    if deposit is not None and worth >= GOOD_DEPOSIT:
        return deposit
    brawls = [m for m in moves if isinstance(m, Brawl)]
    if brawls:
        # one Daron card at a time: the others answer the brawl when it comes back
        return min(brawls, key=lambda m: m.count)
    if deposit is not None:
        return deposit
    duels = [m for m in moves if isinstance(m, Duel)]
    if duels:
        return max(duels, key=lambda m: plus(m.card))
    return Draw()


def smart(seen: Sight, draws: Draws) -> Command:
    hand, moves = seen.view.hand, seen.moves
    match seen.view.phase:
        case "duel":
            return answer_duel(moves)
        case "brawl":
            return answer_brawl(moves)
        case "drawn":
            return best_deposit(hand, moves) or Pass()
    return act(hand, moves)
