"""Bohnanza legal moves per seat, and who the game waits for.

Every non-trade command is listed in full. Trading is listed as templates: one simple proposal per
possible partner (a gift of one card, or a request for one turned-up bean), an acceptance paid with
one canonical choice of cards, and every withdraw or decline; any other proposal may be sent too.
"""

from __future__ import annotations

from domain.games.bohnanza.commands import (
    AcceptTrade,
    BuyField,
    Command,
    DeclineTrade,
    EndTrading,
    Harvest,
    Plant,
    PlantPending,
    ProposeTrade,
    TurnUp,
    WithdrawTrade,
)
from domain.games.bohnanza.decide import MAX_OPEN_TRADES, addressed, fits, protected
from domain.games.bohnanza.options import MAX_FIELDS, THIRD_FIELDS, field_price
from domain.games.bohnanza.state import State, Trade


def legal_moves(state: State, seat: int) -> list[Command]:
    if state.phase in ("deal", "finished"):
        return []
    moves: list[Command] = []
    match state.phase:
        case "plant" if seat == state.active:
            moves += plant_moves(state, seat)
        case "trade":
            moves += trade_moves(state, seat)
        case "plant_pending":
            moves += pending_moves(state, seat)
    return [*moves, *harvest_moves(state, seat), *buy_moves(state, seat)]


def plant_moves(state: State, seat: int) -> list[Command]:
    hand = state.hands[seat]
    moves: list[Command] = []
    if hand and state.planted < 2:
        moves += [Plant(field=i) for i, slot in enumerate(state.fields[seat]) if fits(slot, hand[0])]
    if state.planted > 0 or not hand:
        moves.append(TurnUp())
    return moves


def pending_moves(state: State, seat: int) -> list[Command]:
    moves: list[Command] = []
    seen: set[str] = set()
    for index, bean in enumerate(state.pending[seat]):
        if bean not in seen:  # the same bean at another index is the same move
            seen.add(bean)
            fields = state.fields[seat]
            moves += [PlantPending(card=index, field=i) for i, slot in enumerate(fields) if fits(slot, bean)]
    return moves


def harvest_moves(state: State, seat: int) -> list[Command]:
    fields = state.fields[seat]
    return [Harvest(field=i) for i, slot in enumerate(fields) if slot is not None and not protected(fields, i)]


def buy_moves(state: State, seat: int) -> list[Command]:
    can = (
        len(state.fields[seat]) < MAX_FIELDS
        and state.third_fields < THIRD_FIELDS
        and len(state.gold[seat]) >= field_price(state.options)
    )
    return [BuyField()] if can else []


def payment(state: State, seat: int, want: dict[str, int]) -> AcceptTrade | None:
    """Cards of `seat` matching `want`: turned-up cards first, then the hand from its back (planted last)."""
    missing = dict(want)
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
    return AcceptTrade(trade_id=0, give_hand=sorted(hand), give_face_up=face_up)


def template(state: State, seat: int, to: int | None) -> ProposeTrade | None:
    if seat == state.active and state.face_up:
        return ProposeTrade(to=to, give_face_up=[0])
    if state.hands[seat]:
        return ProposeTrade(to=to, give_hand=[0])
    if seat != state.active and state.face_up:
        return ProposeTrade(to=to, want={state.face_up[0]: 1})
    return None


def trade_moves(state: State, seat: int) -> list[Command]:
    active = state.active
    moves: list[Command] = [EndTrading()] if seat == active else []
    if sum(1 for t in state.trades if t.seat == seat) < MAX_OPEN_TRADES:
        others = [s for s in range(state.players) if s != seat]
        partners: list[int | None] = [None, *others] if seat == active else [active]
        moves += [p for p in (template(state, seat, to) for to in partners) if p is not None]
    for trade in state.trades:
        moves += answers(state, seat, trade)
    return moves


def answers(state: State, seat: int, trade: Trade) -> list[Command]:
    if trade.seat == seat:
        return [WithdrawTrade(trade_id=trade.trade_id)]
    if not addressed(trade, seat, state.active):
        return []
    moves: list[Command] = []
    paid = payment(state, seat, trade.want)
    if paid is not None:
        moves.append(AcceptTrade(trade_id=trade.trade_id, give_hand=paid.give_hand, give_face_up=paid.give_face_up))
    if trade.to == seat:
        moves.append(DeclineTrade(trade_id=trade.trade_id))
    return moves


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
