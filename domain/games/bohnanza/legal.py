"""Bohnanza legal moves per seat, and who the game waits for.

Every non-trade command is listed in full, by the rule module it belongs to (fields.py, deck.py). Trading is
listed as templates: one simple proposal per possible partner (a gift of one card, or a request for one
turned-up bean), an acceptance paid with one canonical choice of cards, and every withdraw or decline; any
other proposal may be sent too.
"""

from __future__ import annotations

from domain.games.bohnanza.commands import AcceptTrade, Command, DeclineTrade, EndTrading, ProposeTrade, WithdrawTrade
from domain.games.bohnanza.deck import turn_ups
from domain.games.bohnanza.fields import field_purchases, hand_plants, harvests, pending_plants
from domain.games.bohnanza.state import State, Trade
from domain.games.bohnanza.trading import addressed, may_propose


def legal_moves(state: State, seat: int) -> list[Command]:
    if state.phase in ("deal", "finished"):
        return []
    moves: list[Command] = []
    match state.phase:
        case "plant" if seat == state.active:
            moves += [*hand_plants(state, seat), *turn_ups(state, seat)]
        case "trade":
            moves += trade_moves(state, seat)
        case "plant_pending":
            moves += pending_plants(state, seat)
    # harvesting and buying a field are open to every seat in every phase
    return [*moves, *harvests(state, seat), *field_purchases(state, seat)]


def trade_moves(state: State, seat: int) -> list[Command]:
    active = state.active
    moves: list[Command] = [EndTrading()] if seat == active else []
    if may_propose(state, seat):
        others = [s for s in range(state.players) if s != seat]
        partners: list[int | None] = [None, *others] if seat == active else [active]
        moves += [p for p in (template(state, seat, to) for to in partners) if p is not None]
    for trade in state.trades:
        moves += answers(state, seat, trade)
    return moves


def template(state: State, seat: int, to: int | None) -> ProposeTrade | None:
    if seat == state.active and state.face_up:
        return ProposeTrade(to=to, give_face_up=[0])
    if state.hands[seat]:
        return ProposeTrade(to=to, give_hand=[0])
    if seat != state.active and state.face_up:
        return ProposeTrade(to=to, want={state.face_up[0]: 1})
    return None


def answers(state: State, seat: int, trade: Trade) -> list[Command]:
    if trade.seat == seat:
        return [WithdrawTrade(trade_id=trade.trade_id)]
    if not addressed(trade, seat, state.active):
        return []
    moves: list[Command] = []
    paid = payment(state, seat, trade)
    if paid is not None:
        moves.append(paid)
    if trade.to == seat:
        moves.append(DeclineTrade(trade_id=trade.trade_id))
    return moves


def payment(state: State, seat: int, trade: Trade) -> AcceptTrade | None:
    """Cards of `seat` matching the want: turned-up cards first, then the hand from its back (planted last)."""
    missing = dict(trade.want)
    face_up: list[int] = []
    if seat == state.active:
        for i, bean in enumerate(state.face_up):
            if missing.get(bean, 0) > 0:
                missing[bean] -= 1
                face_up.append(i)
    hand: list[int] = []
    cards = state.hands[seat]
    for i in range(len(cards) - 1, -1, -1):
        if missing.get(cards[i], 0) > 0:
            missing[cards[i]] -= 1
            hand.append(i)
    if any(missing.values()):
        return None
    return AcceptTrade(trade_id=trade.trade_id, give_hand=sorted(hand), give_face_up=face_up)


def awaiting(state: State) -> list[int]:
    match state.phase:
        case "plant":
            return [state.active]
        case "trade":
            # seats asked a question first: their answer is expected before the active player moves on
            asked = sorted({t.to for t in state.trades if t.to is not None and t.to != state.active})
            return [*asked, state.active]
        case "plant_pending":
            return [seat for seat, cards in enumerate(state.pending) if cards]
    return []
