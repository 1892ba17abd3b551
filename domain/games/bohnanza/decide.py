"""Bohnanza decide: validate a command, emit the facts, run the automatic steps of the turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.games.bohnanza.cards import TURNED_UP, bean_counts, beans, coins_for, deck
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
from domain.games.bohnanza.evolve import evolve
from domain.games.bohnanza.options import MAX_FIELDS, THIRD_FIELDS, deal_counts, draw_count, field_price
from domain.games.bohnanza.state import Field, State, Trade
from domain.games.bohnanza.trades import after_trade, find, picked
from domain.kernel.context import Shuffler
from domain.kernel.errors import refuse
from domain.kernel.recorder import Recorder

Rec = Recorder[State, Event]

EXHAUSTIONS_TO_END = 3
MAX_OPEN_TRADES = 10  # per proposer: a guard against flooding, not a rule of the game


def start(state: State, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    order, shuffled = shuffler.shuffle(deck(state.options.extended))
    rec.emit(shuffled)
    counts = deal_counts(state.players, state.options)
    rec.emit(CardsDealt(hands=deal(order, counts), hand_sizes=counts))
    return rec.events


def deal(order: Sequence[str], counts: list[int]) -> list[list[str]]:
    """One card at a time to seats 0..n-1, skipping a seat once it holds its count."""
    hands: list[list[str]] = [[] for _ in counts]
    cards = iter(order)
    while any(len(h) < c for h, c in zip(hands, counts, strict=True)):
        for hand, count in zip(hands, counts, strict=True):
            if len(hand) < count:
                hand.append(next(cards))
    return hands


def decide(state: State, seat: int, command: Command, shuffler: Shuffler) -> list[Event]:
    rec: Rec = Recorder(state, evolve)
    if state.phase in ("deal", "finished"):
        raise refuse("wrong_phase", f"nothing can be played in phase {state.phase}")
    match command, state.phase:
        case Harvest(field=field), _:
            harvest(rec, seat, field)
        case BuyField(), _:
            buy_field(rec, seat)
        case Plant(field=field), "plant":
            plant_from_hand(rec, seat, field)
        case TurnUp(), "plant":
            turn_up(rec, seat, shuffler)
        case ProposeTrade() as proposal, "trade":
            propose_trade(rec, seat, proposal)
        case AcceptTrade() as acceptance, "trade":
            accept_trade(rec, seat, acceptance)
        case WithdrawTrade(trade_id=trade_id), "trade":
            withdraw_trade(rec, seat, trade_id)
        case DeclineTrade(trade_id=trade_id), "trade":
            decline_trade(rec, seat, trade_id)
        case EndTrading(), "trade":
            end_trading(rec, seat, shuffler)
        case PlantPending(card=card, field=field), "plant_pending":
            plant_pending(rec, seat, card, field, shuffler)
        case _:
            raise refuse("wrong_phase", f"{type(command).__name__} is not allowed in phase {state.phase}")
    return rec.events


# --- fields -------------------------------------------------------------------------------------


def own_field(state: State, seat: int, field: int) -> Field | None:
    if not 0 <= field < len(state.fields[seat]):
        raise refuse("invalid_field", f"your fields are 0 to {len(state.fields[seat]) - 1}")
    return state.fields[seat][field]


def fits(slot: Field | None, bean: str) -> bool:
    """A field holds one bean type: an empty field takes any bean, a planted one only its own."""
    return slot is None or slot.bean == bean


def check_fits(state: State, seat: int, field: int, bean: str) -> None:
    slot = own_field(state, seat, field)
    if not fits(slot, bean):
        assert slot is not None
        raise refuse("bean_mismatch", f"field {field} holds {slot.bean}, not {bean}: harvest it first")


def protected(fields: Sequence[Field | None], index: int) -> bool:
    """Bean protection: a single card cannot be harvested while another field holds more than one."""
    slot = fields[index]
    if slot is None or slot.count != 1:
        return False
    return any(f is not None and f.count > 1 for j, f in enumerate(fields) if j != index)


def harvest(rec: Rec, seat: int, field: int) -> None:
    state = rec.state
    slot = own_field(state, seat, field)
    if slot is None:
        raise refuse("empty_field", f"field {field} is empty")
    if protected(state.fields[seat], field):
        raise refuse("protected_field", "a single bean cannot be harvested while another field holds more")
    rec.emit(
        FieldHarvested(seat=seat, field=field, bean=slot.bean, count=slot.count, coins=coins_for(slot.bean, slot.count))
    )


def buy_field(rec: Rec, seat: int) -> None:
    state = rec.state
    if len(state.fields[seat]) >= MAX_FIELDS or state.third_fields >= THIRD_FIELDS:
        raise refuse("field_limit", f"a player has at most {MAX_FIELDS} fields")
    price = field_price(state.options)
    gold = state.gold[seat]
    if len(gold) < price:
        raise refuse("not_enough_coins", f"a third field costs {price} coins, you have {len(gold)}")
    rec.emit(FieldBought(seat=seat, paid=gold[len(gold) - price :][::-1]))


# --- phase 1: plant from the hand ---------------------------------------------------------------


def plant_from_hand(rec: Rec, seat: int, field: int) -> None:
    state = rec.state
    if seat != state.active:
        raise refuse("not_your_turn", f"seat {state.active} plants now")
    hand = state.hands[seat]
    if not hand:
        raise refuse("empty_hand", "your hand is empty: turn up")
    if state.planted >= 2:
        raise refuse("plant_limit", "at most two cards are planted from the hand")
    check_fits(state, seat, field, hand[0])
    rec.emit(BeanPlanted(seat=seat, field=field, bean=hand[0]))


# --- phase 2: turn up and trade -----------------------------------------------------------------


def turn_up(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    state = rec.state
    if seat != state.active:
        raise refuse("not_your_turn", f"seat {state.active} turns up")
    if state.planted == 0 and state.hands[seat]:
        raise refuse("must_plant", "the front card of your hand must be planted first")
    take_from_deck(rec, shuffler, TURNED_UP, lambda cards: CardsTurnedUp(seat=seat, cards=cards))
    if rec.state.phase == "plant":
        rec.emit(CardsTurnedUp(seat=seat, cards=[]))  # nothing left to turn up: trading still opens


def check_indices(indices: Sequence[int], size: int, code: str, what: str) -> None:
    if len(set(indices)) != len(indices):
        raise refuse("invalid_trade", f"a card of the {what} is named twice")
    for i in indices:
        if not 0 <= i < size:
            raise refuse(code, f"there is no card {i} in the {what}")


def check_offer(state: State, seat: int, give_hand: Sequence[int], give_face_up: Sequence[int]) -> list[str]:
    """The beans `seat` offers: hand cards anywhere in the queue, turned-up cards for the active player only."""
    check_indices(give_hand, len(state.hands[seat]), "card_not_in_hand", "hand")
    if give_face_up and seat != state.active:
        raise refuse("face_up_not_yours", "the turned-up cards belong to the active player")
    check_indices(give_face_up, len(state.face_up), "card_not_available", "turned-up cards")
    return [*picked(state.hands[seat], give_hand), *picked(state.face_up, give_face_up)]


def check_want(state: State, want: dict[str, int]) -> dict[str, int]:
    in_play = beans(state.options.extended)
    for bean, count in want.items():
        if bean not in in_play:
            raise refuse("unknown_bean", f"{bean} is not a bean of this game")
        if count < 1:
            raise refuse("invalid_trade", "a wanted count is at least 1")
    return {bean: want[bean] for bean in in_play if bean in want}  # canonical order: replay-stable JSON


def propose_trade(rec: Rec, seat: int, proposal: ProposeTrade) -> None:
    state = rec.state
    to = proposal.to
    if state.active not in (seat, to):
        raise refuse("trade_with_active_only", f"only trades with the active player (seat {state.active}) are allowed")
    if to is not None and (to == seat or not 0 <= to < state.players):
        raise refuse("invalid_trade", "a proposal goes to another seat of this game")
    give = check_offer(state, seat, proposal.give_hand, proposal.give_face_up)
    want = check_want(state, proposal.want)
    if not give and not want:
        raise refuse("invalid_trade", "a proposal gives or wants at least one card")
    if sum(1 for t in state.trades if t.seat == seat) >= MAX_OPEN_TRADES:
        raise refuse("too_many_trades", f"at most {MAX_OPEN_TRADES} open proposals per player")
    rec.emit(
        TradeProposed(
            trade_id=state.next_trade_id,
            seat=seat,
            to=to,
            give_hand=list(proposal.give_hand),
            give_face_up=list(proposal.give_face_up),
            give=give,
            want=want,
        )
    )


def open_trade(state: State, trade_id: int) -> Trade:
    trade = find(state.trades, trade_id)
    if trade is None:
        raise refuse("unknown_trade", f"no open proposal {trade_id}")
    return trade


def addressed(trade: Trade, seat: int, active: int) -> bool:
    """A proposal to a seat binds that seat; an open one (always the active player's) every other seat."""
    return trade.to == seat if trade.to is not None else seat != active


def accept_trade(rec: Rec, seat: int, acceptance: AcceptTrade) -> None:
    state = rec.state
    trade = open_trade(state, acceptance.trade_id)
    if trade.seat == seat:
        raise refuse("own_trade", "you cannot accept your own proposal")
    if not addressed(trade, seat, state.active):
        raise refuse("not_addressee", f"proposal {trade.trade_id} is not addressed to you")
    given = check_offer(state, seat, acceptance.give_hand, acceptance.give_face_up)
    if bean_counts(given) != trade.want:
        raise refuse("want_mismatch", "the cards given must match the proposal's want exactly", {"want": trade.want})
    removed_hands = {trade.seat: trade.give_hand, seat: acceptance.give_hand}
    removed_face_up = trade.give_face_up or acceptance.give_face_up
    stale = [
        t.trade_id
        for t in state.trades
        if t.trade_id != trade.trade_id and after_trade(t, removed_hands, removed_face_up) is None
    ]
    rec.emit(
        TradeAccepted(
            trade_id=trade.trade_id,
            seat=seat,
            give_hand=list(acceptance.give_hand),
            give_face_up=list(acceptance.give_face_up),
            to_accepter=[*picked(state.hands[trade.seat], trade.give_hand), *picked(state.face_up, trade.give_face_up)],
            to_proposer=given,
        )
    )
    for trade_id in stale:
        rec.emit(TradeCancelled(trade_id=trade_id, reason="stale"))


def withdraw_trade(rec: Rec, seat: int, trade_id: int) -> None:
    trade = open_trade(rec.state, trade_id)
    if trade.seat != seat:
        raise refuse("not_proposer", "only the proposer withdraws a proposal")
    rec.emit(TradeCancelled(trade_id=trade_id, reason="withdrawn"))


def decline_trade(rec: Rec, seat: int, trade_id: int) -> None:
    trade = open_trade(rec.state, trade_id)
    if trade.seat == seat:
        raise refuse("own_trade", "withdraw your own proposal instead")
    if trade.to != seat:
        raise refuse("not_addressee", "only the seat a proposal is addressed to declines it")
    rec.emit(TradeCancelled(trade_id=trade_id, reason="declined"))


def end_trading(rec: Rec, seat: int, shuffler: Shuffler) -> None:
    state = rec.state
    if seat != state.active:
        raise refuse("not_your_turn", f"only the active player (seat {state.active}) ends trading")
    rec.emit(TradingEnded(seat=seat, kept=list(state.face_up)))
    finish_planting(rec, shuffler)


# --- phase 3: plant traded and kept cards -------------------------------------------------------


def plant_pending(rec: Rec, seat: int, card: int, field: int, shuffler: Shuffler) -> None:
    state = rec.state
    own = state.pending[seat]
    if not 0 <= card < len(own):
        raise refuse("card_not_pending", f"you have {len(own)} cards to plant")
    check_fits(state, seat, field, own[card])
    rec.emit(BeanPlanted(seat=seat, field=field, bean=own[card], pending=card))
    finish_planting(rec, shuffler)


def finish_planting(rec: Rec, shuffler: Shuffler) -> None:
    """Phase 3 ends when every pending list is empty; then the draw, or the end of the game."""
    if any(rec.state.pending):
        return
    active = rec.state.active
    if not rec.state.ending:
        draw = draw_count(rec.state.options)
        take_from_deck(rec, shuffler, draw, lambda cards: CardsDrawn(seat=active, count=len(cards), cards=cards))
    if rec.state.ending:
        final_harvest(rec)
    else:
        rec.emit(TurnStarted(seat=(active + 1) % rec.state.players))


# --- the deck -----------------------------------------------------------------------------------


def take_from_deck(rec: Rec, shuffler: Shuffler, needed: int, taken: Callable[[list[str]], Event]) -> None:
    """Take cards from the front; the moment the last one is taken the deck is exhausted."""
    while needed and not rec.state.ending:
        if not rec.state.deck:
            # only after reshuffling an empty discard pile: there is nothing to take, so it runs out again
            exhaust(rec, shuffler)
            continue
        cards = rec.state.deck[:needed]
        rec.emit(taken(cards))
        needed -= len(cards)
        if not rec.state.deck:
            exhaust(rec, shuffler)


def exhaust(rec: Rec, shuffler: Shuffler) -> None:
    count = rec.state.exhaustions + 1
    if count >= EXHAUSTIONS_TO_END:
        rec.emit(DeckExhausted(exhaustions=count))
        return
    if rec.state.discard:
        _, shuffled = shuffler.shuffle(rec.state.discard)
        rec.emit(shuffled)
    rec.emit(DeckReshuffled(exhaustions=count, size=len(rec.state.deck)))


# --- the end ------------------------------------------------------------------------------------


def winner(coins: list[int]) -> int:
    """Most coins; among the tied, the seat furthest from seat 0 clockwise."""
    best = max(coins)
    return max(seat for seat, c in enumerate(coins) if c == best)


def final_harvest(rec: Rec) -> None:
    """Every field of every player, without bean protection; hand cards are worth nothing."""
    for seat, fields in enumerate(rec.state.fields):
        for index, slot in enumerate(fields):
            if slot is not None:
                earned = coins_for(slot.bean, slot.count)
                rec.emit(
                    FieldHarvested(seat=seat, field=index, bean=slot.bean, count=slot.count, coins=earned, final=True)
                )
    totals = rec.state.coins()
    rec.emit(GameFinished(coins=totals, winners=[winner(totals)]))
