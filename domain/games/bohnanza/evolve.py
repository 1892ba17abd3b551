"""Bohnanza evolve: apply one fact, return a new state, never fail.

Only the lists an event changes are copied; the rest of the state is shared with the old one.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.bohnanza.events import (
    BeanPlanted,
    CardsDealt,
    CardsDrawn,
    CardsTurnedUp,
    DeckExhausted,
    DeckReshuffled,
    Event,
    FieldBought,
    FieldHarvested,
    GameFinished,
    TradeAccepted,
    TradeCancelled,
    TradeProposed,
    TradingEnded,
    TurnStarted,
)
from domain.games.bohnanza.options import Options, starting_fields
from domain.games.bohnanza.state import Field, State
from domain.games.bohnanza.trades import find, others_after, taken_by, without
from domain.kernel.events import DeckShuffled
from domain.kernel.per_seat import with_seat


def initial_state(players: int, options: Options) -> State:
    fields = starting_fields(players)
    return State(
        players=players,
        options=options,
        hands=[[] for _ in range(players)],
        fields=[[None] * fields for _ in range(players)],
        pending=[[] for _ in range(players)],
        gold=[[] for _ in range(players)],
    )


def _plant(state: State, seat: int, field: int, bean: str) -> list[list[Field | None]]:
    current = state.fields[seat][field]
    count = current.count if current is not None else 0
    return with_seat(state.fields, seat, with_seat(state.fields[seat], field, Field(bean=bean, count=count + 1)))


def _accept(state: State, event: TradeAccepted) -> State:
    trade = find(state.trades, event.trade_id)
    if trade is None:
        return state
    proposer, accepter = trade.seat, event.seat
    taken = taken_by(trade, accepter, event.give_hand, event.give_face_up)
    hands = with_seat(state.hands, proposer, without(state.hands[proposer], trade.give_hand))
    hands = with_seat(hands, accepter, without(hands[accepter], event.give_hand))
    pending = with_seat(state.pending, accepter, [*state.pending[accepter], *event.to_accepter])
    pending = with_seat(pending, proposer, [*pending[proposer], *event.to_proposer])
    # a stale proposal keeps its old positions: decide cancels it in the very next event
    trades = [after or before for before, after in others_after(state.trades, trade, taken)]
    return replace(state, hands=hands, face_up=without(state.face_up, taken.face_up), pending=pending, trades=trades)


def evolve(state: State, event: Event) -> State:
    match event:
        case DeckShuffled(order=order):
            # the first shuffle takes the box, every later one the whole discard pile
            return replace(state, deck=[str(c) for c in order], discard=[])
        case CardsDealt(hands=hands):
            dealt = sum(len(h) for h in hands)
            return replace(state, hands=[list(h) for h in hands], deck=state.deck[dealt:], phase="plant")
        case BeanPlanted(seat=seat, field=field, bean=bean, pending=None):
            fields = _plant(state, seat, field, bean)
            hands = with_seat(state.hands, seat, state.hands[seat][1:])
            return replace(state, fields=fields, hands=hands, planted=state.planted + 1)
        case BeanPlanted(seat=seat, field=field, bean=bean, pending=int() as index):
            fields = _plant(state, seat, field, bean)
            own = state.pending[seat]
            pending = with_seat(state.pending, seat, [*own[:index], *own[index + 1 :]])
            return replace(state, fields=fields, pending=pending)
        case CardsTurnedUp(cards=cards):
            return replace(state, deck=state.deck[len(cards) :], face_up=[*state.face_up, *cards], phase="trade")
        case TradeProposed() as proposed:
            # the proposal is kept as it was made (frozen, and nothing ever changes a list of it in place)
            return replace(state, trades=[*state.trades, proposed], next_trade_id=proposed.trade_id + 1)
        case TradeAccepted() as accepted:
            return _accept(state, accepted)
        case TradeCancelled(trade_id=trade_id):
            return replace(state, trades=[t for t in state.trades if t.trade_id != trade_id])
        case TradingEnded(seat=seat, kept=kept):
            pending = with_seat(state.pending, seat, [*state.pending[seat], *kept])
            return replace(state, pending=pending, face_up=[], trades=[], phase="plant_pending")
        case FieldHarvested(seat=seat, field=field, bean=bean, count=count, coins=coins):
            fields = with_seat(state.fields, seat, with_seat(state.fields[seat], field, None))
            gold = with_seat(state.gold, seat, [*state.gold[seat], *([bean] * coins)])
            return replace(state, fields=fields, gold=gold, discard=[*state.discard, *([bean] * (count - coins))])
        case FieldBought(seat=seat, paid=paid):
            fields = with_seat(state.fields, seat, [*state.fields[seat], None])
            own = state.gold[seat]
            gold = with_seat(state.gold, seat, own[: len(own) - len(paid)])
            return replace(
                state, fields=fields, gold=gold, discard=[*state.discard, *paid], third_fields=state.third_fields + 1
            )
        case CardsDrawn(seat=seat, count=count):
            # the deck, not the event, says which cards: a redacted copy of the event must not matter
            hands = with_seat(state.hands, seat, [*state.hands[seat], *state.deck[:count]])
            return replace(state, hands=hands, deck=state.deck[count:])
        case DeckReshuffled(exhaustions=exhaustions) | DeckExhausted(exhaustions=exhaustions):
            return replace(state, exhaustions=exhaustions)
        case TurnStarted(seat=seat):
            return replace(state, active=seat, phase="plant", planted=0, turn_first_trade_id=state.next_trade_id)
        case GameFinished(winners=winners):
            return replace(state, phase="finished", winners=list(winners))
    return state
