"""Phase 1: the front card must be planted, a second may be; a field holds one bean."""

from __future__ import annotations

from domain.games.bohnanza.commands import Plant, PlantPending, TurnUp
from domain.games.bohnanza.events import BeanPlanted, CardsTurnedUp
from tests.unit.bohnanza.positions import act, position, refused, slots

HANDS = [["chili", "blue", "stink", "chili"], ["soy"], ["red"]]


def test_the_front_card_is_planted_first() -> None:
    state = position(hands=HANDS)
    events, after = act(state, 0, Plant(field=1))
    assert events == [BeanPlanted(seat=0, field=1, bean="chili")]
    assert after.hands[0] == ["blue", "stink", "chili"]
    assert slots(after, 0) == [None, ("chili", 1), None]
    assert after.planted == 1


def test_a_second_card_may_follow() -> None:
    state = position(hands=HANDS, fields=[[("blue", 2), None, None], [None] * 3, [None] * 3], planted=1)
    state.hands[0] = ["blue", "stink"]
    _, after = act(state, 0, Plant(field=0))
    assert slots(after, 0)[0] == ("blue", 3)
    assert after.planted == 2


def test_never_a_third() -> None:
    state = position(hands=HANDS, planted=2)
    assert refused(state, 0, Plant(field=0)) == "plant_limit"


def test_planting_into_a_field_of_another_bean_is_refused() -> None:
    state = position(hands=HANDS, fields=[[("blue", 2), ("soy", 1), ("red", 1)], [None] * 3, [None] * 3])
    assert refused(state, 0, Plant(field=0)) == "bean_mismatch"


def test_the_same_bean_may_grow_in_two_fields() -> None:
    state = position(hands=HANDS, fields=[[("chili", 2), None, None], [None] * 3, [None] * 3])
    _, after = act(state, 0, Plant(field=2))
    assert slots(after, 0) == [("chili", 2), None, ("chili", 1)]


def test_the_first_plant_cannot_be_skipped() -> None:
    state = position(hands=HANDS)
    assert refused(state, 0, TurnUp()) == "must_plant"


def test_an_empty_hand_skips_phase_one() -> None:
    state = position(hands=[[], ["soy"], ["red"]], deck=["green", "red", "blue"])
    events, after = act(state, 0, TurnUp())
    assert events == [CardsTurnedUp(seat=0, cards=["green", "red"])]
    assert after.phase == "trade"
    assert refused(state, 0, Plant(field=0)) == "empty_hand"


def test_turn_up_ends_phase_one_after_one_plant() -> None:
    state = position(hands=HANDS, planted=1, deck=["green", "red", "blue"])
    _, after = act(state, 0, TurnUp())
    assert after.face_up == ["green", "red"]
    assert after.deck == ["blue"]
    assert refused(after, 0, Plant(field=0)) == "wrong_phase"


def test_only_the_active_player_plants_and_turns_up() -> None:
    state = position(hands=HANDS, planted=1)
    assert refused(state, 1, Plant(field=0)) == "not_your_turn"
    assert refused(state, 1, TurnUp()) == "not_your_turn"


def test_a_field_number_out_of_range_is_refused() -> None:
    state = position(4, hands=[*HANDS, ["red"]])
    assert refused(state, 0, Plant(field=2)) == "invalid_field"
    assert refused(state, 0, Plant(field=-1)) == "invalid_field"


def test_pending_cards_wait_for_phase_three() -> None:
    state = position(hands=HANDS, pending=[["red"], [], []])
    assert refused(state, 0, PlantPending(card=0, field=0)) == "wrong_phase"


def test_the_hand_keeps_its_order_when_planting() -> None:
    state = position(hands=HANDS)
    _, after = act(state, 0, Plant(field=0))
    _, after = act(after, 0, Plant(field=1))
    assert after.hands[0] == ["stink", "chili"]
