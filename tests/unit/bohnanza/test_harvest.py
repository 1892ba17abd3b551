"""Harvest any time by any player, bean protection, and buying a third field."""

from __future__ import annotations

import pytest

from domain.games.bohnanza.commands import BuyField, Harvest
from domain.games.bohnanza.events import FieldBought, FieldHarvested
from domain.games.bohnanza.state import Phase
from tests.unit.bohnanza.positions import act, position, refused, slots

EMPTY3 = [None, None, None]


def test_a_harvest_pays_by_the_bean_o_meter() -> None:
    state = position(fields=[[("stink", 6), None, None], EMPTY3, EMPTY3], discard=["red"])
    events, after = act(state, 0, Harvest(field=0))
    assert events == [FieldHarvested(seat=0, field=0, bean="stink", count=6, coins=2)]
    assert slots(after, 0) == [None, None, None]
    assert after.gold[0] == ["stink", "stink"]
    assert after.discard == ["red", "stink", "stink", "stink", "stink"]
    assert after.coins() == [2, 0, 0]


def test_a_harvest_worth_nothing_discards_every_card() -> None:
    state = position(fields=[[("blue", 3), None, None], EMPTY3, EMPTY3])
    _, after = act(state, 0, Harvest(field=0))
    assert after.gold[0] == []
    assert after.discard == ["blue"] * 3


@pytest.mark.parametrize("phase", ["plant", "trade", "plant_pending"])
def test_a_harvest_out_of_turn(phase: Phase) -> None:
    state = position(fields=[EMPTY3, EMPTY3, [("red", 4), ("soy", 1), None]], active=0, phase=phase, planted=1)
    events, after = act(state, 2, Harvest(field=0))
    assert events == [FieldHarvested(seat=2, field=0, bean="red", count=4, coins=3)]
    assert after.coins() == [0, 0, 3]
    assert after.active == 0
    assert after.phase == phase


def test_bean_protection_keeps_a_single_card_while_another_field_holds_more() -> None:
    state = position(fields=[[("soy", 1), ("blue", 2), None], EMPTY3, EMPTY3])
    assert refused(state, 0, Harvest(field=0)) == "protected_field"
    _, after = act(state, 0, Harvest(field=1))
    _, after = act(after, 0, Harvest(field=0))
    assert after.discard == ["blue", "blue", "soy"]


def test_single_cards_everywhere_may_be_harvested() -> None:
    state = position(fields=[[("soy", 1), ("blue", 1), ("red", 1)], EMPTY3, EMPTY3])
    _, after = act(state, 0, Harvest(field=1))
    assert slots(after, 0) == [("soy", 1), None, ("red", 1)]


def test_harvesting_an_empty_or_unknown_field_is_refused() -> None:
    state = position(fields=[[("soy", 2), None, None], EMPTY3, EMPTY3])
    assert refused(state, 0, Harvest(field=1)) == "empty_field"
    assert refused(state, 0, Harvest(field=3)) == "invalid_field"


def test_buying_a_third_field_pays_from_the_top_of_the_gold_pile() -> None:
    state = position(4, gold=[["red", "soy", "blue", "green"], [], [], []], active=1)
    events, after = act(state, 0, BuyField())
    assert events == [FieldBought(seat=0, paid=["green", "blue", "soy"])]
    assert len(after.fields[0]) == 3
    assert after.gold[0] == ["red"]
    assert after.discard == ["green", "blue", "soy"]
    assert after.third_fields == 1


def test_a_third_field_needs_the_coins() -> None:
    state = position(5, gold=[["red", "soy"], [], [], [], []])
    assert refused(state, 0, BuyField()) == "not_enough_coins"


def test_no_fourth_field() -> None:
    state = position(4, gold=[["red"] * 6, [], [], []])
    _, after = act(state, 0, BuyField())
    assert refused(after, 0, BuyField()) == "field_limit"


def test_three_players_already_have_three_fields() -> None:
    state = position(3, gold=[["red"] * 6, [], []])
    assert refused(state, 0, BuyField()) == "field_limit"


def test_extended_third_field_costs_two() -> None:
    state = position(6, extended=True, gold=[["red", "soy"], [], [], [], [], []])
    events, after = act(state, 0, BuyField())
    assert events == [FieldBought(seat=0, paid=["soy", "red"])]
    assert after.coins()[0] == 0


@pytest.mark.parametrize("phase", ["trade", "plant_pending"])
def test_a_field_may_be_bought_at_any_time(phase: Phase) -> None:
    state = position(4, gold=[[], [], ["red"] * 3, []], phase=phase, planted=1)
    _, after = act(state, 2, BuyField())
    assert len(after.fields[2]) == 3
