"""Daron legal moves per seat, and who the game waits for."""

from __future__ import annotations

from domain.games.daron.brawls import brawl_counts
from domain.games.daron.commands import Accept, Brawl, Command, Deposit, Draw, Duel, Pass, Riposte
from domain.games.daron.deposits import deposits
from domain.games.daron.drawn_card import lays_drawn_card
from domain.games.daron.duels import opening_cards, riposte_cards
from domain.games.daron.state import BrawlInPlay, DuelInPlay, State, joker_after_draw, top_value


def deposit_moves(state: State, seat: int) -> list[Command]:
    # a joker opens only the first deposit of a turn: not the one after a draw (rules version 2)
    jokers = state.stage == "play" or joker_after_draw(state)
    laid = deposits(state.hands[seat], top_value(state), jokers)
    # after a draw (rules version 3): only those that lay the card drawn
    return [Deposit(cards=cards) for cards in laid if lays_drawn_card(state, cards)]


def legal_moves(state: State, seat: int) -> list[Command]:
    match state.stage:
        case "play" if seat == state.to_act:
            return [
                *deposit_moves(state, seat),
                Draw(),
                *(Duel(card=c) for c in opening_cards(state, seat)),
                *(Brawl(count=k) for k in brawl_counts(state, seat)),
            ]
        case "drawn" if seat == state.to_act:
            return [*deposit_moves(state, seat), Pass()]
        case DuelInPlay(amount=amount, to_answer=answering) if seat == answering:
            return [*(Riposte(card=c) for c in riposte_cards(state, seat, amount)), Accept()]
        case BrawlInPlay(to_answer=answering) if seat == answering:
            return [*(Brawl(count=k) for k in brawl_counts(state, seat)), Accept()]
    return []


def awaiting(state: State) -> list[int]:
    match state.stage:
        case "play" | "drawn":
            return [state.to_act]
        case DuelInPlay(to_answer=seat) | BrawlInPlay(to_answer=seat):
            return [seat]
    return []
