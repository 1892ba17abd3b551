"""Phases 3 and 4: everyone plants received and kept cards, then the active player draws."""

from __future__ import annotations

from domain.games.bohnanza.commands import EndTrading, Harvest, PlantPending
from domain.games.bohnanza.events import BeanPlanted, CardsDrawn, TurnStarted
from domain.games.bohnanza.legal import awaiting
from domain.games.bohnanza.state import State
from tests.unit.bohnanza.positions import act, position, refused, slots

EMPTY3 = [None, None, None]


def planting() -> State:
    return position(
        hands=[["blue"], ["soy"], ["red"]],
        fields=[[("chili", 2), ("soy", 3), None], EMPTY3, [("red", 2), ("green", 1), ("blue", 1)]],
        pending=[["chili", "stink"], [], ["garden"]],
        deck=["green", "red", "soy", "blue", "wax"],
        phase="plant_pending",
        planted=1,
    )


def test_pending_cards_are_planted_in_any_order_by_any_holder() -> None:
    state = planting()
    assert awaiting(state) == [0, 2]
    events, state = act(state, 0, PlantPending(card=1, field=2))
    assert events == [BeanPlanted(seat=0, field=2, bean="stink", pending=1)]
    assert state.pending[0] == ["chili"]
    _, state = act(state, 0, PlantPending(card=0, field=0))
    assert slots(state, 0) == [("chili", 3), ("soy", 3), ("stink", 1)]
    assert awaiting(state) == [2]
    assert state.phase == "plant_pending"


def test_no_room_means_harvesting_first() -> None:
    state = planting()
    assert refused(state, 2, PlantPending(card=0, field=0)) == "bean_mismatch"
    assert refused(state, 2, Harvest(field=1)) == "protected_field"
    _, state = act(state, 2, Harvest(field=0))
    _, state = act(state, 2, PlantPending(card=0, field=0))
    assert slots(state, 2)[0] == ("garden", 1)


def test_a_pending_index_must_exist() -> None:
    state = planting()
    assert refused(state, 0, PlantPending(card=2, field=2)) == "card_not_pending"
    assert refused(state, 1, PlantPending(card=0, field=0)) == "card_not_pending"


def test_the_last_pending_card_triggers_the_draw_of_three_to_the_back_of_the_hand() -> None:
    state = position(
        hands=[["blue"], ["soy"], ["red"]],
        pending=[["chili"], [], []],
        deck=["green", "red", "soy", "blue"],
        phase="plant_pending",
        planted=1,
    )
    events, after = act(state, 0, PlantPending(card=0, field=1))
    assert events[1:] == [CardsDrawn(seat=0, count=3, cards=["green", "red", "soy"]), TurnStarted(seat=1)]
    assert after.hands[0] == ["blue", "green", "red", "soy"]
    assert after.deck == ["blue"]
    assert (after.active, after.phase, after.planted) == (1, "plant", 0)


def test_nothing_pending_after_trading_goes_straight_to_the_draw() -> None:
    state = position(hands=[[], [], []], deck=["green", "red", "soy", "blue"], phase="trade", active=2)
    events, after = act(state, 2, EndTrading())
    assert isinstance(events[-1], TurnStarted)
    assert events[-1].seat == 0  # seat 0 follows the last seat, clockwise
    assert after.hands[2] == ["green", "red", "soy"]


def test_extended_active_player_draws_four() -> None:
    state = position(
        6,
        extended=True,
        hands=[[]] * 6,
        deck=["green", "red", "soy", "blue", "wax"],
        phase="trade",
        active=4,
    )
    _, after = act(state, 4, EndTrading())
    assert after.hands[4] == ["green", "red", "soy", "blue"]
    assert after.active == 5
