"""Daron evolve: apply one fact, return a new state, never fail."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.daron.cards import HAND, sort_hand, without
from domain.games.daron.events import (
    BrawlJoined,
    BrawlLost,
    BrawlStarted,
    CardsDealt,
    CardsDeposited,
    CardsDrawn,
    DirectionReversed,
    DuelLost,
    DuelRiposted,
    DuelStarted,
    Event,
    Passed,
    RoundBlocked,
    RoundWon,
    TurnStarted,
)
from domain.games.daron.options import Options
from domain.games.daron.state import BrawlInPlay, DuelInPlay, State
from domain.kernel.events import DeckShuffled


def initial_state(players: int, options: Options) -> State:
    return State(players=players, options=options, totals=[0] * players)


def next_seat(state: State, seat: int) -> int:
    return (seat + state.direction) % state.players


def _lay(state: State, seat: int, cards: list[str]) -> list[list[str]]:
    hands = list(state.hands)
    hands[seat] = without(hands[seat], cards)
    return hands


def _deal(state: State, event: CardsDealt) -> State:
    n = state.players
    rest = state.draw_pile[HAND * n :]
    k = len(event.returned)
    return replace(
        state,
        round=event.round,
        phase="play",
        hands=[sort_hand(h) for h in event.hands],
        draw_pile=[*rest[k + 1 :], *rest[:k]],
        discard=[event.top],
        duel_pile=[],
        brawl_pile=[],
        direction=1,
        to_act=event.first,
        duel=None,
        brawl=None,
        drew_nothing=False,
        idle=0,
    )


def _shuffled(state: State, order: list[str]) -> State:
    if state.phase in ("deal", "finished"):
        return replace(state, draw_pile=order)
    # mid-round: the discard pile but its top became this new draw pile
    return replace(state, draw_pile=order, discard=state.discard[-1:])


def _drawn(state: State, event: CardsDrawn) -> State:
    hands = list(state.hands)
    hands[event.seat] = sort_hand([*hands[event.seat], *event.cards])
    state = replace(state, hands=hands, draw_pile=state.draw_pile[event.count :])
    if event.reason == "draw":
        return replace(state, phase="drawn", drew_nothing=event.count == 0)
    return state


def evolve(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(order=order):
            return _shuffled(state, [str(c) for c in order])
        case CardsDealt():
            return _deal(state, event)
        case TurnStarted(seat=seat):
            return replace(state, phase="play", to_act=seat, duel=None, brawl=None, drew_nothing=False)
        case CardsDeposited(seat=seat, cards=cards):
            return replace(state, hands=_lay(state, seat, cards), discard=[*state.discard, *cards], idle=0)
        case DirectionReversed(direction=direction):
            return replace(state, direction=direction)
        case CardsDrawn():
            return _drawn(state, event)
        case Passed():
            return replace(state, idle=state.idle + 1 if state.drew_nothing else 0)
        case DuelStarted(attacker=attacker, defender=defender, card=card, amount=amount):
            return replace(
                state,
                phase="duel",
                hands=_lay(state, attacker, [card]),
                duel_pile=[*state.duel_pile, card],
                duel=DuelInPlay(attacker=attacker, defender=defender, amount=amount, to_answer=defender),
                idle=0,
            )
        case DuelRiposted(seat=seat, card=card, amount=amount) if state.duel is not None:
            duel = state.duel
            other = duel.attacker if seat == duel.defender else duel.defender
            return replace(
                state,
                hands=_lay(state, seat, [card]),
                duel_pile=[*state.duel_pile, card],
                duel=replace(duel, amount=amount, to_answer=other),
            )
        case DuelLost():
            return replace(state, duel=None)
        case BrawlStarted(seat=seat, count=count):
            return replace(
                state,
                phase="brawl",
                hands=_lay(state, seat, ["daron"] * count),
                brawl_pile=[*state.brawl_pile, *["daron"] * count],
                brawl=BrawlInPlay(initiator=seat, count=count, to_answer=next_seat(state, seat)),
                idle=0,
            )
        case BrawlJoined(seat=seat, count=count, total=total) if state.brawl is not None:
            return replace(
                state,
                hands=_lay(state, seat, ["daron"] * count),
                brawl_pile=[*state.brawl_pile, *["daron"] * count],
                brawl=replace(state.brawl, count=total, to_answer=next_seat(state, seat)),
            )
        case BrawlLost():
            return replace(state, brawl=None)
        case RoundWon(totals=totals, last=last) | RoundBlocked(totals=totals, last=last):
            return replace(state, totals=list(totals), phase="finished" if last else "deal")
    return state
