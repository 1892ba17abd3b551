"""Duels: a +k against the next player; ripostes raise the amount (a greater +k, or x2), and who accepts draws it."""

from __future__ import annotations

from domain.games.daron.cards import DOUBLE, DUEL_OPENERS, plus
from domain.games.daron.drawing import draw_cards
from domain.games.daron.events import DuelLost, DuelRiposted, DuelStarted, TurnStarted
from domain.games.daron.evolve import Rec
from domain.games.daron.one_card import check_laying, draw_if_one_left, may_lay
from domain.games.daron.state import DuelInPlay, State, next_seat
from domain.games.daron.turns import must_act
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse

RIPOSTES = (*DUEL_OPENERS, DOUBLE)


def raised_to(card: str, amount: int) -> int:
    """The duel's amount once `card` answers it: x2 doubles it, a +k makes it k."""
    return 2 * amount if card == DOUBLE else plus(card)


def riposte_amount(amount: int, card: str) -> int:
    """A riposte must raise the amount: a +k strictly greater than it, or x2."""
    if card not in RIPOSTES:
        raise refuse("not_a_duel_card", f"a riposte is a +k or x2, not {card}")
    raised = raised_to(card, amount)
    if raised <= amount:
        raise refuse("riposte_too_weak", f"{card} is not stronger than {amount}", {"amount": amount})
    return raised


def opening_cards(state: State, seat: int) -> list[str]:
    """The distinct cards `seat` may open a duel with."""
    if not may_lay(state, seat, 1):
        return []
    return [card for card in DUEL_OPENERS if card in state.hands[seat]]


def riposte_cards(state: State, seat: int, amount: int) -> list[str]:
    """The distinct cards `seat` may answer a duel of `amount` with."""
    if not may_lay(state, seat, 1):
        return []
    return [card for card in RIPOSTES if card in state.hands[seat] and raised_to(card, amount) > amount]


def open_duel(rec: Rec, seat: int, card: str, shuffler: Shuffler) -> None:
    state = rec.state
    must_act(state, seat)
    if card not in state.hands[seat]:
        raise refuse("card_not_in_hand", f"you do not hold {card}")
    if card == DOUBLE:
        raise refuse("x2_cannot_open", "x2 only answers a duel")
    if card not in DUEL_OPENERS:
        raise refuse("not_a_duel_card", f"a duel opens with +2, +3, +4 or +5, not {card}")
    check_laying(state, seat, 1)
    rec.emit(DuelStarted(attacker=seat, defender=next_seat(state, seat), card=card, amount=plus(card)))
    draw_if_one_left(rec, seat, shuffler)


def check_answering(duel: DuelInPlay, seat: int) -> None:
    if seat not in (duel.attacker, duel.defender):
        raise refuse("not_in_duel", f"the duel is between seats {duel.attacker} and {duel.defender}")
    if seat != duel.to_answer:
        raise refuse("not_your_turn", f"seat {duel.to_answer} answers the duel")


def riposte(rec: Rec, seat: int, duel: DuelInPlay, card: str, shuffler: Shuffler) -> None:
    state = rec.state
    check_answering(duel, seat)
    if card not in state.hands[seat]:
        raise refuse("card_not_in_hand", f"you do not hold {card}")
    amount = riposte_amount(duel.amount, card)
    check_laying(state, seat, 1)
    rec.emit(DuelRiposted(seat=seat, card=card, amount=amount))
    draw_if_one_left(rec, seat, shuffler)


def lose_duel(rec: Rec, seat: int, duel: DuelInPlay, shuffler: Shuffler) -> None:
    """Who accepts draws the amount; the turn passes to the player after the attacker."""
    check_answering(duel, seat)
    rec.emit(DuelLost(seat=seat, amount=duel.amount))
    draw_cards(rec, seat, duel.amount, "duel", shuffler)
    rec.emit(TurnStarted(seat=next_seat(rec.state, duel.attacker)))
