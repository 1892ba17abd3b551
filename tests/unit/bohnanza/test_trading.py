"""Phase 2: proposals, acceptance with exact cards, gifts, withdraw, decline, stale proposals."""

from __future__ import annotations

from domain.games.bohnanza.commands import (
    AcceptTrade,
    DeclineTrade,
    EndTrading,
    ProposeTrade,
    WithdrawTrade,
)
from domain.games.bohnanza.events import TradeAccepted, TradeCancelled, TradeProposed, TradingEnded
from domain.games.bohnanza.legal import awaiting
from domain.games.bohnanza.state import State
from tests.unit.bohnanza.positions import act, position, refused


def trading() -> State:
    return position(
        hands=[["blue", "red", "green"], ["stink", "blue", "garden"], ["soy", "soy", "red"]],
        face_up=["chili", "soy"],
        phase="trade",
        planted=1,
    )


def proposed(state: State, seat: int, proposal: ProposeTrade) -> tuple[int, State]:
    events, after = act(state, seat, proposal)
    assert len(events) == 1
    assert isinstance(events[0], TradeProposed)
    return events[0].trade_id, after


def test_a_trade_moves_both_sides_to_the_pending_lists() -> None:
    # the active player offers a turned-up chili and the red of the hand for two soy beans of seat 2
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=2, give_hand=[1], give_face_up=[0], want={"soy": 2}))
    assert state.trades[0].give == ["red", "chili"]
    events, after = act(state, 2, AcceptTrade(trade_id=trade_id, give_hand=[0, 1]))
    assert events == [
        TradeAccepted(
            trade_id=trade_id,
            seat=2,
            give_hand=[0, 1],
            give_face_up=[],
            to_accepter=["red", "chili"],
            to_proposer=["soy", "soy"],
        )
    ]
    assert after.hands[0] == ["blue", "green"]
    assert after.hands[2] == ["red"]
    assert after.face_up == ["soy"]
    assert after.pending[0] == ["soy", "soy"]
    assert after.pending[2] == ["red", "chili"]
    assert after.trades == []


def test_a_non_active_player_proposes_to_the_active_player() -> None:
    trade_id, state = proposed(trading(), 1, ProposeTrade(to=0, give_hand=[2], want={"chili": 1}))
    _, after = act(state, 0, AcceptTrade(trade_id=trade_id, give_face_up=[0]))
    assert after.pending[0] == ["garden"]
    assert after.pending[1] == ["chili"]
    assert after.hands[1] == ["stink", "blue"]
    assert after.face_up == ["soy"]


def test_a_gift_needs_acceptance_and_asks_nothing_back() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=1, give_face_up=[1]))
    assert state.face_up == ["chili", "soy"]  # nothing moves before the acceptance
    events, after = act(state, 1, AcceptTrade(trade_id=trade_id))
    assert isinstance(events[0], TradeAccepted)
    assert events[0].to_proposer == []
    assert after.pending[1] == ["soy"]
    assert after.face_up == ["chili"]


def test_an_open_proposal_may_be_accepted_by_any_other_seat() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=None, give_face_up=[0], want={"red": 1}))
    _, after = act(state, 2, AcceptTrade(trade_id=trade_id, give_hand=[2]))
    assert after.pending[2] == ["chili"]
    assert after.pending[0] == ["red"]


def test_only_the_active_player_makes_open_proposals() -> None:
    assert refused(trading(), 1, ProposeTrade(to=None, give_hand=[0])) == "trade_with_active_only"


def test_non_active_players_do_not_trade_with_each_other() -> None:
    assert refused(trading(), 1, ProposeTrade(to=2, give_hand=[0], want={"soy": 1})) == "trade_with_active_only"


def test_non_active_players_cannot_offer_the_turned_up_cards() -> None:
    assert refused(trading(), 1, ProposeTrade(to=0, give_face_up=[0])) == "face_up_not_yours"


def test_a_proposal_names_real_cards_once() -> None:
    state = trading()
    assert refused(state, 0, ProposeTrade(to=1, give_hand=[3])) == "card_not_in_hand"
    assert refused(state, 0, ProposeTrade(to=1, give_hand=[0, 0])) == "invalid_trade"
    assert refused(state, 0, ProposeTrade(to=1, give_face_up=[2])) == "card_not_available"
    assert refused(state, 0, ProposeTrade(to=1)) == "invalid_trade"
    assert refused(state, 0, ProposeTrade(to=0, give_hand=[0])) == "invalid_trade"
    assert refused(state, 0, ProposeTrade(to=5, give_hand=[0])) == "invalid_trade"


def test_wanted_beans_must_exist_in_this_game() -> None:
    state = trading()
    assert refused(state, 0, ProposeTrade(to=1, want={"coffee": 1})) == "unknown_bean"
    assert refused(state, 0, ProposeTrade(to=1, want={"blue": 0})) == "invalid_trade"


def test_want_is_stored_in_canonical_bean_order() -> None:
    _, state = proposed(trading(), 0, ProposeTrade(to=1, want={"garden": 1, "blue": 1}))
    assert list(state.trades[0].want) == ["blue", "garden"]


def test_accepting_with_cards_that_do_not_match_the_want_is_refused() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=2, give_face_up=[0], want={"soy": 2}))
    assert refused(state, 2, AcceptTrade(trade_id=trade_id, give_hand=[0])) == "want_mismatch"
    assert refused(state, 2, AcceptTrade(trade_id=trade_id, give_hand=[0, 2])) == "want_mismatch"
    assert refused(state, 2, AcceptTrade(trade_id=trade_id, give_hand=[0, 1, 2])) == "want_mismatch"


def test_accepting_with_cards_already_given_is_refused() -> None:
    first, state = proposed(trading(), 0, ProposeTrade(to=2, give_face_up=[0], want={"soy": 2}))
    second, state = proposed(state, 0, ProposeTrade(to=2, give_face_up=[1], want={"soy": 1}))
    _, state = act(state, 2, AcceptTrade(trade_id=first, give_hand=[0, 1]))
    # seat 2 gave both soy beans: the hand is now ["red"] and position 1 is gone
    assert refused(state, 2, AcceptTrade(trade_id=second, give_hand=[1])) == "card_not_in_hand"
    assert refused(state, 2, AcceptTrade(trade_id=second, give_hand=[0])) == "want_mismatch"


def test_received_cards_cannot_be_traded_again() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=1, give_face_up=[0]))
    _, state = act(state, 1, AcceptTrade(trade_id=trade_id))
    assert state.pending[1] == ["chili"]
    # the chili is neither in seat 1's hand (3 cards, positions 0..2) nor among the turned-up cards
    assert refused(state, 1, ProposeTrade(to=0, give_hand=[3])) == "card_not_in_hand"
    assert refused(state, 1, ProposeTrade(to=0, give_face_up=[0])) == "face_up_not_yours"
    assert state.face_up == ["soy"]


def test_the_active_player_cannot_trade_away_received_cards_either() -> None:
    trade_id, state = proposed(trading(), 1, ProposeTrade(to=0, give_hand=[0]))
    _, state = act(state, 0, AcceptTrade(trade_id=trade_id))
    assert state.pending[0] == ["stink"]
    assert refused(state, 0, ProposeTrade(to=1, give_face_up=[2])) == "card_not_available"
    assert refused(state, 0, ProposeTrade(to=1, give_hand=[3])) == "card_not_in_hand"


def test_a_stale_proposal_is_cancelled_when_its_card_is_gone() -> None:
    first, state = proposed(trading(), 0, ProposeTrade(to=1, give_face_up=[0]))
    second, state = proposed(state, 0, ProposeTrade(to=2, give_face_up=[0, 1], want={"red": 1}))
    third, state = proposed(state, 0, ProposeTrade(to=2, give_face_up=[1], want={"soy": 1}))
    events, after = act(state, 1, AcceptTrade(trade_id=first))
    assert events[1:] == [TradeCancelled(trade_id=second, reason="stale")]
    # the third proposal survives, its turned-up soy now at position 0
    assert [(t.trade_id, t.give_face_up, t.give) for t in after.trades] == [(third, [0], ["soy"])]
    _, after = act(after, 2, AcceptTrade(trade_id=third, give_hand=[1]))
    assert after.pending[2] == ["soy"]
    assert after.face_up == []


def test_hand_positions_of_other_proposals_shift_after_a_trade() -> None:
    first, state = proposed(trading(), 1, ProposeTrade(to=0, give_hand=[0]))
    second, state = proposed(state, 1, ProposeTrade(to=0, give_hand=[2], want={"chili": 1}))
    _, after = act(state, 0, AcceptTrade(trade_id=first))
    assert after.hands[1] == ["blue", "garden"]
    assert after.trades[0].give_hand == [1]
    _, after = act(after, 0, AcceptTrade(trade_id=second, give_face_up=[0]))
    assert after.pending[0] == ["stink", "garden"]
    assert after.hands[1] == ["blue"]


def test_proposals_of_a_third_seat_keep_their_positions() -> None:
    first, state = proposed(trading(), 1, ProposeTrade(to=0, give_hand=[0]))
    _, state = proposed(state, 2, ProposeTrade(to=0, give_hand=[2]))
    _, after = act(state, 0, AcceptTrade(trade_id=first))
    assert after.trades[0].give_hand == [2]


def test_the_proposer_withdraws() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=1, give_face_up=[0]))
    assert refused(state, 1, WithdrawTrade(trade_id=trade_id)) == "not_proposer"
    events, after = act(state, 0, WithdrawTrade(trade_id=trade_id))
    assert events == [TradeCancelled(trade_id=trade_id, reason="withdrawn")]
    assert after.trades == []
    assert refused(after, 1, AcceptTrade(trade_id=trade_id)) == "unknown_trade"


def test_the_addressee_declines() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=1, give_face_up=[0]))
    assert refused(state, 2, DeclineTrade(trade_id=trade_id)) == "not_addressee"
    assert refused(state, 0, DeclineTrade(trade_id=trade_id)) == "own_trade"
    events, after = act(state, 1, DeclineTrade(trade_id=trade_id))
    assert events == [TradeCancelled(trade_id=trade_id, reason="declined")]
    assert after.trades == []


def test_only_the_addressee_accepts() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=1, give_face_up=[0]))
    assert refused(state, 2, AcceptTrade(trade_id=trade_id)) == "not_addressee"
    assert refused(state, 0, AcceptTrade(trade_id=trade_id)) == "own_trade"
    assert refused(state, 1, AcceptTrade(trade_id=99)) == "unknown_trade"


def test_an_open_proposal_cannot_be_declined() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(give_face_up=[0]))
    assert refused(state, 1, DeclineTrade(trade_id=trade_id)) == "not_addressee"


def test_a_non_active_accepter_pays_from_the_hand_only() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(to=1, give_hand=[0], want={"soy": 1}))
    assert refused(state, 1, AcceptTrade(trade_id=trade_id, give_face_up=[1])) == "face_up_not_yours"


def test_an_addressee_is_awaited_before_the_active_player() -> None:
    _, state = proposed(trading(), 0, ProposeTrade(to=2, give_face_up=[0]))
    assert awaiting(state) == [2, 0]


def test_open_proposals_are_capped_per_proposer() -> None:
    state = trading()
    for _ in range(10):
        _, state = proposed(state, 0, ProposeTrade(to=1, give_face_up=[0]))
    assert refused(state, 0, ProposeTrade(to=1, give_face_up=[0])) == "too_many_trades"


def test_end_trading_belongs_to_the_active_player() -> None:
    state = trading()
    assert refused(state, 1, EndTrading()) == "not_your_turn"


def test_end_trading_keeps_the_rest_and_lapses_open_proposals() -> None:
    _, state = proposed(trading(), 0, ProposeTrade(to=1, give_face_up=[0]))
    events, after = act(state, 0, EndTrading())
    assert events[0] == TradingEnded(seat=0, kept=["chili", "soy"])
    assert after.pending[0] == ["chili", "soy"]
    assert after.trades == []
    assert after.face_up == []
    assert after.phase == "plant_pending"


def test_trade_commands_outside_phase_two_are_refused() -> None:
    state = position(hands=[["blue"], ["red"], ["soy"]])
    assert refused(state, 0, ProposeTrade(to=1, give_hand=[0])) == "wrong_phase"
    assert refused(state, 1, AcceptTrade(trade_id=1)) == "wrong_phase"
    assert refused(state, 0, EndTrading()) == "wrong_phase"


def test_paying_with_a_turned_up_card_makes_the_active_players_own_offer_of_it_stale() -> None:
    offer, state = proposed(trading(), 0, ProposeTrade(to=2, give_face_up=[0], want={"red": 1}))
    request, state = proposed(state, 1, ProposeTrade(to=0, give_hand=[0], want={"chili": 1}))
    events, after = act(state, 0, AcceptTrade(trade_id=request, give_face_up=[0]))
    assert events[1:] == [TradeCancelled(trade_id=offer, reason="stale")]
    assert after.trades == []
    assert after.pending[1] == ["chili"]


def test_an_open_proposal_goes_to_the_first_who_accepts() -> None:
    trade_id, state = proposed(trading(), 0, ProposeTrade(give_face_up=[0]))
    _, after = act(state, 1, AcceptTrade(trade_id=trade_id))
    assert refused(after, 2, AcceptTrade(trade_id=trade_id)) == "unknown_trade"
