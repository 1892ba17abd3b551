"""Daron legal moves per seat, and who the game waits for."""

from __future__ import annotations

from domain.games.daron.cards import DARON, DOUBLE, DUEL_OPENERS, plus, value
from domain.games.daron.commands import Accept, Brawl, Command, Deposit, Draw, Duel, Pass, Riposte
from domain.games.daron.deposits import deposits
from domain.games.daron.hands import may_lay
from domain.games.daron.state import State


def duel_cards(state: State, seat: int, amount: int | None) -> list[str]:
    """Distinct cards that open a duel (amount None) or riposte to `amount`."""
    hand = state.hands[seat]
    if not may_lay(state, seat, 1):
        return []
    cards = [c for c in DUEL_OPENERS if c in hand and (amount is None or plus(c) > amount)]
    if amount is not None and DOUBLE in hand:
        cards.append(DOUBLE)
    return cards


def brawl_counts(state: State, seat: int) -> list[int]:
    darons = state.hands[seat].count(DARON)
    return [k for k in range(1, darons + 1) if may_lay(state, seat, k)]


def deposit_moves(state: State, seat: int) -> list[Command]:
    return [Deposit(cards=cards) for cards in deposits(state.hands[seat], value(state.discard[-1]))]


def legal_moves(state: State, seat: int) -> list[Command]:
    match state.phase:
        case "play" if seat == state.to_act:
            return [
                *deposit_moves(state, seat),
                Draw(),
                *(Duel(card=c) for c in duel_cards(state, seat, None)),
                *(Brawl(count=k) for k in brawl_counts(state, seat)),
            ]
        case "drawn" if seat == state.to_act:
            return [*deposit_moves(state, seat), Pass()]
        case "duel" if state.duel is not None and seat == state.duel.to_answer:
            return [*(Riposte(card=c) for c in duel_cards(state, seat, state.duel.amount)), Accept()]
        case "brawl" if state.brawl is not None and seat == state.brawl.to_answer:
            return [*(Brawl(count=k) for k in brawl_counts(state, seat)), Accept()]
    return []


def awaiting(state: State) -> list[int]:
    match state.phase:
        case "play" | "drawn":
            return [state.to_act]
        case "duel" if state.duel is not None:
            return [state.duel.to_answer]
        case "brawl" if state.brawl is not None:
            return [state.brawl.to_answer]
    return []
