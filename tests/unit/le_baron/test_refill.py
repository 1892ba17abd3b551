"""Hands refill only when empty: four cards from the top of the pile, or what is left."""

from __future__ import annotations

from domain.games.le_baron.events import HandRefilled
from tests.unit.le_baron.positions import of_type, play_turn, position

ROWS = [[1], [24], [34], [11], [56]]  # blue, white, red, black, yellow


def test_no_draw_while_a_card_is_left_in_hand() -> None:
    state = position([[84, 3], [88, 57]], ROWS, piles=[[43, 61, 67, 97, 19], [40, 94, 59, 83, 89]])
    state, events = play_turn(state, [84, 88])
    assert of_type(events, HandRefilled) == []
    assert state.hands == [[3], [57]]
    assert [len(p) for p in state.piles] == [5, 5]


def test_an_empty_hand_draws_four_from_the_top() -> None:
    state = position([[84], [88]], ROWS, piles=[[43, 61, 67, 97, 19], [40, 94, 59, 83, 89]])
    state, events = play_turn(state, [84, 88])
    assert of_type(events, HandRefilled) == [
        HandRefilled(seat=0, cards=[43, 61, 67, 97], count=4),
        HandRefilled(seat=1, cards=[40, 94, 59, 83], count=4),
    ]
    assert state.hands == [[43, 61, 67, 97], [40, 59, 83, 94]]
    assert state.piles == [[19], [89]]


def test_a_short_pile_gives_what_is_left() -> None:
    state = position([[84], [88]], ROWS, piles=[[43], [40]])
    state, events = play_turn(state, [84, 88])
    assert [(r.seat, r.cards) for r in of_type(events, HandRefilled)] == [(0, [43]), (1, [40])]
    assert state.piles == [[], []]


def test_the_round_ends_when_every_hand_and_pile_is_played() -> None:
    state = position([[84], [88]], ROWS)
    state, events = play_turn(state, [84, 88])
    assert of_type(events, HandRefilled) == []
    assert state.phase == "finished"
