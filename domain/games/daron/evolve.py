"""Daron evolve: apply one fact, return a new state, never fail."""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.daron.cards import DARON, HAND, sort_hand, without
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
from domain.games.daron.state import RULES, BrawlInPlay, DuelInPlay, State, next_seat
from domain.kernel.events import DeckShuffled
from domain.kernel.per_seat import with_seat
from domain.kernel.recorder import Recorder

# what `decide` writes through: each fact is applied at once, so the next rule sees its effect
Rec = Recorder[State, Event]


def initial_state(players: int, options: Options, rules: int = RULES) -> State:
    return State(players=players, options=options, stage="deal", totals=[0] * players, rules=rules)


def _lay(state: State, seat: int, cards: list[str]) -> list[list[str]]:
    return with_seat(state.hands, seat, without(state.hands[seat], cards))


def _deal(state: State, event: CardsDealt) -> State:
    n = state.players
    rest = state.draw_pile[HAND * n :]
    k = len(event.returned)
    return replace(
        state,
        round=event.round,
        stage="play",
        hands=[sort_hand(h) for h in event.hands],
        draw_pile=[*rest[k + 1 :], *rest[:k]],
        discard=[event.top],
        duel_pile=[],
        brawl_pile=[],
        direction=1,
        to_act=event.first,
        drew_nothing=False,
        drawn=None,
        idle=0,
    )


def _shuffled(state: State, order: list[str]) -> State:
    if state.stage in ("deal", "finished"):
        return replace(state, draw_pile=order)
    # mid-round: the discard pile but its top became this new draw pile
    return replace(state, draw_pile=order, discard=state.discard[-1:])


def _drawn(state: State, event: CardsDrawn) -> State:
    hands = with_seat(state.hands, event.seat, sort_hand([*state.hands[event.seat], *event.cards]))
    state = replace(state, hands=hands, draw_pile=state.draw_pile[event.count :])
    if event.reason == "draw":
        return replace(
            state, stage="drawn", drew_nothing=event.count == 0, drawn=event.cards[0] if event.cards else None
        )
    return state


def _dueled(state: State, seat: int, card: str, duel: DuelInPlay) -> State:
    """The duel card leaves the hand for the duel pile, set aside for the round."""
    return replace(state, stage=duel, hands=_lay(state, seat, [card]), duel_pile=[*state.duel_pile, card])


def _brawled(state: State, seat: int, count: int, brawl: BrawlInPlay) -> State:
    """The Daron cards leave the hand for the brawl pile, set aside for the round."""
    darons = [DARON] * count
    return replace(state, stage=brawl, hands=_lay(state, seat, darons), brawl_pile=[*state.brawl_pile, *darons])


def evolve(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(order=order):
            return _shuffled(state, [str(c) for c in order])
        case CardsDealt():
            return _deal(state, event)
        case TurnStarted(seat=seat):
            return replace(state, stage="play", to_act=seat, drew_nothing=False, drawn=None)
        case CardsDeposited(seat=seat, cards=cards):
            return replace(state, hands=_lay(state, seat, cards), discard=[*state.discard, *cards], idle=0)
        case DirectionReversed(direction=direction):
            return replace(state, direction=direction)
        case CardsDrawn():
            return _drawn(state, event)
        case Passed():
            return replace(state, idle=state.idle + 1 if state.drew_nothing else 0)
        case DuelStarted(attacker=attacker, defender=defender, card=card, amount=amount):
            duel = DuelInPlay(attacker=attacker, defender=defender, amount=amount, to_answer=defender)
            return replace(_dueled(state, attacker, card, duel), idle=0)
        case DuelRiposted(seat=seat, card=card, amount=amount) if isinstance(state.stage, DuelInPlay):
            duel = state.stage
            other = duel.attacker if seat == duel.defender else duel.defender
            return _dueled(state, seat, card, replace(duel, amount=amount, to_answer=other))
        case BrawlStarted(seat=seat, count=count):
            brawl = BrawlInPlay(initiator=seat, count=count, to_answer=next_seat(state, seat))
            return replace(_brawled(state, seat, count, brawl), idle=0)
        case BrawlJoined(seat=seat, count=count, total=total) if isinstance(state.stage, BrawlInPlay):
            brawl = replace(state.stage, count=total, to_answer=next_seat(state, seat))
            return _brawled(state, seat, count, brawl)
        case DuelLost() | BrawlLost():
            # the loser's draw follows, then the next turn
            return replace(state, stage="play")
        case RoundWon(totals=totals, last=last) | RoundBlocked(totals=totals, last=last):
            return replace(state, totals=list(totals), stage="finished" if last else "deal", drawn=None)
    return state
