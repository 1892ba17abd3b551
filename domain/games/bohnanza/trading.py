"""Phase 2, trading with the active player: proposals (gifts and requests included), acceptance with exactly
the wanted cards, withdrawing, declining, the proposals a trade makes stale, and the end of trading."""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.bohnanza.cards import bean_counts, beans
from domain.games.bohnanza.commands import AcceptTrade, ProposeTrade
from domain.games.bohnanza.events import TradeAccepted, TradeCancelled, TradeProposed, TradingEnded
from domain.games.bohnanza.state import Rec, State, Trade
from domain.games.bohnanza.trades import find, others_after, picked, taken_by
from domain.kernel.errors import refuse

MAX_OPEN_TRADES = 10  # per proposer: a guard against flooding, not a rule of the game


def addressed(trade: Trade, seat: int, active: int) -> bool:
    """A proposal to a seat binds that seat; an open one (always the active player's) every other seat."""
    return trade.to == seat if trade.to is not None else seat != active


def may_propose(state: State, seat: int) -> bool:
    return sum(1 for t in state.trades if t.seat == seat) < MAX_OPEN_TRADES


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
    if not may_propose(state, seat):
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
    taken = taken_by(trade, seat, acceptance.give_hand, acceptance.give_face_up)
    stale = [before.trade_id for before, after in others_after(state.trades, trade, taken) if after is None]
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


def end_trading(rec: Rec, seat: int) -> None:
    state = rec.state
    if seat != state.active:
        raise refuse("not_your_turn", f"only the active player (seat {state.active}) ends trading")
    rec.emit(TradingEnded(seat=seat, kept=list(state.face_up)))
