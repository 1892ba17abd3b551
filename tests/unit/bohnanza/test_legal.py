"""Legal moves: full lists for everything but proposals, which come as templates; who is awaited."""

from __future__ import annotations

from domain.games.bohnanza.commands import (
    AcceptTrade,
    BuyField,
    DeclineTrade,
    EndTrading,
    Harvest,
    Plant,
    PlantPending,
    ProposeTrade,
    TurnUp,
    WithdrawTrade,
)
from domain.games.bohnanza.legal import awaiting, legal_moves
from tests.unit.bohnanza.positions import act, position


def test_phase_one_lists_fitting_fields_and_harvests() -> None:
    state = position(
        hands=[["soy", "red"], ["blue"], []], fields=[[("soy", 2), ("red", 1), None], [None] * 3, [None] * 3]
    )
    assert legal_moves(state, 0) == [Plant(field=0), Plant(field=2), Harvest(field=0)]
    assert legal_moves(state, 1) == []
    assert awaiting(state) == [0]


def test_turn_up_after_the_first_plant_or_with_an_empty_hand() -> None:
    assert TurnUp() in legal_moves(position(hands=[["soy"], [], []], planted=1), 0)
    assert TurnUp() in legal_moves(position(hands=[[], [], []]), 0)
    assert TurnUp() not in legal_moves(position(hands=[["soy"], [], []]), 0)


def test_pending_moves_once_per_bean() -> None:
    state = position(pending=[["red", "red", "soy"], [], []], phase="plant_pending", planted=1)
    state.fields[0] = [None, None]
    moves = legal_moves(state, 0)
    assert moves == [
        PlantPending(card=0, field=0),
        PlantPending(card=0, field=1),
        PlantPending(card=2, field=0),
        PlantPending(card=2, field=1),
    ]
    assert awaiting(state) == [0]


def test_trade_templates_and_answers() -> None:
    state = position(
        hands=[["blue"], ["soy", "red", "soy"], ["red"]], face_up=["soy", "green"], phase="trade", planted=1
    )
    active = legal_moves(state, 0)
    assert active[0] == EndTrading()
    assert [m.to for m in active if isinstance(m, ProposeTrade)] == [None, 1, 2]
    assert all(m.give_face_up == [0] for m in active if isinstance(m, ProposeTrade))
    _, state = act(state, 0, ProposeTrade(to=1, give_face_up=[1], want={"soy": 2}))
    assert legal_moves(state, 1) == [
        ProposeTrade(to=0, give_hand=[0]),
        AcceptTrade(trade_id=1, give_hand=[0, 2]),
        DeclineTrade(trade_id=1),
    ]
    assert WithdrawTrade(trade_id=1) in legal_moves(state, 0)
    assert legal_moves(state, 2) == [ProposeTrade(to=0, give_hand=[0])]
    assert awaiting(state) == [1, 0]


def test_the_active_player_pays_with_turned_up_cards_first() -> None:
    state = position(hands=[["soy"], ["red"], []], face_up=["green", "soy"], phase="trade", planted=1)
    _, state = act(state, 1, ProposeTrade(to=0, give_hand=[0], want={"soy": 1}))
    assert AcceptTrade(trade_id=1, give_face_up=[1]) in legal_moves(state, 0)


def test_buy_field_when_affordable() -> None:
    state = position(4, gold=[["red"] * 3, ["red"] * 2, [], []])
    assert BuyField() in legal_moves(state, 0)
    assert BuyField() not in legal_moves(state, 1)


def test_nothing_once_finished() -> None:
    state = position(fields=[[("soy", 2), None, None], [None] * 3, [None] * 3], phase="finished")
    assert legal_moves(state, 0) == []
    assert awaiting(state) == []
