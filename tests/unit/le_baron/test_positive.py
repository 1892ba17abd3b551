"""Variant `positive`: points are good, unplaceable cards go under one's own pile, an early end."""

from __future__ import annotations

from domain.games.le_baron import GAME
from domain.games.le_baron.events import CardSlipped, HandRefilled, RoundEnded, RowChoiceRequested, RowTaken
from domain.kernel.rows import CardPlaced
from tests.unit.le_baron.positions import of_type, options, play_turn, position

POSITIVE = options("positive")
ROWS = [[1], [24], [34], [11], [56]]  # blue, white, red, black, yellow; nothing green
BLUE_ROWS = [[1], [19], [43], [55], [61]]  # every row ends in blue only


def test_no_match_slips_the_card_under_the_own_pile() -> None:
    state = position([[3, 84], [88, 97]], ROWS, piles=[[43, 61], [40, 94]], opts=POSITIVE)
    state, events = play_turn(state, [3, 88])  # green matches nothing
    assert of_type(events, CardSlipped) == [CardSlipped(seat=0, card=3)]
    assert of_type(events, RowChoiceRequested) == []
    assert of_type(events, RowTaken) == []
    assert state.piles[0] == [43, 61, 3]  # under the pile: drawn last
    assert state.rows == [[1], [24], [34, 88], [11], [56]]
    assert state.phase == "choose"


def test_taken_points_are_good_and_the_highest_total_wins() -> None:
    six = [2, 8, 9, 10, 6]
    state = position([[34, 3], [84, 57]], [six, [24], [11], [56], [1]], piles=[[43], [40]], opts=POSITIVE)
    state, _ = play_turn(state, [34, 84])
    assert GAME.scores(state) == [10, 0]
    assert GAME.winners(state) == [0]


def test_the_turn_finishes_then_the_round_ends_when_someone_plays_the_last_card() -> None:
    # seat 0 plays its last card; seat 1's higher card is still resolved, then the round ends
    rows = [[2, 8, 9, 10, 34], [24], [11], [56], [1]]  # row 0 ends in red, row 1 is the only white one
    state = position([[84], [88, 3]], rows, piles=[[], [5]], opts=POSITIVE)
    state, events = play_turn(state, [84, 88])
    assert [e.card for e in of_type(events, CardPlaced)] == [84, 88]
    assert of_type(events, RowTaken)[0].seat == 1  # 88 was the sixth card of row 0
    assert of_type(events, HandRefilled) == []
    (ended,) = of_type(events, RoundEnded)
    # seat 1 still held 3 (green, 1 point) and had 5 (black x2) in its pile: minus 3
    assert ended.taken == [0, 9]
    assert ended.left == [0, 3]
    assert ended.totals == [0, 6]
    assert state.phase == "finished"
    assert GAME.scores(state) == [0, 6]
    assert GAME.winners(state) == [1]


def test_a_last_card_slipped_back_is_not_played_out() -> None:
    state = position([[3], [88]], ROWS, piles=[[], [40, 94]], opts=POSITIVE)
    state, events = play_turn(state, [3, 88])
    assert of_type(events, CardSlipped) == [CardSlipped(seat=0, card=3)]
    assert of_type(events, RoundEnded) == []
    # both hands are empty: each draws what its pile holds, seat 0 its own card back
    assert [(r.seat, r.cards) for r in of_type(events, HandRefilled)] == [(0, [3]), (1, [40, 94])]
    assert state.phase == "choose"


def test_left_cards_count_against_their_owner() -> None:
    state = position([[84], [88, 52]], ROWS, piles=[[], [30]], opts=POSITIVE)
    state, events = play_turn(state, [84, 88])
    (ended,) = of_type(events, RoundEnded)
    assert ended.left == [0, 6 + 3]  # the Baron in hand, white x2 + green in the pile
    assert ended.totals == [0, -9]
    assert GAME.winners(state) == [0]


def test_a_stalemate_ends_the_round() -> None:
    """Nothing any seat holds can ever be placed: the cards would circle under the piles for ever."""
    state = position([[24], [34]], BLUE_ROWS, piles=[[84], [40]], opts=POSITIVE)
    state, events = play_turn(state, [24, 34])
    assert len(of_type(events, CardSlipped)) == 2
    (ended,) = of_type(events, RoundEnded)
    assert ended.left == [2, 2]
    assert state.phase == "finished"


def test_no_stalemate_while_a_placeable_card_is_held() -> None:
    state = position([[24], [34]], BLUE_ROWS, piles=[[84], [97]], opts=POSITIVE)  # 97 is blue
    state, events = play_turn(state, [24, 34])
    assert of_type(events, RoundEnded) == []
    # the empty hands draw their piles, slipped cards included
    assert state.hands == [[24, 84], [34, 97]]
    assert state.piles == [[], []]


def test_standard_rules_never_slip() -> None:
    state = position([[3, 84], [88, 97]], ROWS, piles=[[43], [40]])
    state, events = play_turn(state, [3, 88])
    assert of_type(events, CardSlipped) == []
    assert events[-1] == RowChoiceRequested(seat=0, card=3, choices=[0, 1, 2, 3, 4], reason="no_match")


def test_both_variants_together() -> None:
    row = [2, 8, 9, 10, 6]
    both = options("colour_first", "positive")
    state = position([[34, 3], [84, 57]], [row, [24], [11], [56], [1]], piles=[[43], [40]], opts=both)
    state, events = play_turn(state, [34, 84])
    assert of_type(events, RowTaken) == []  # no sixth card rule
    assert state.rows[0] == [*row, 34]
    state, events = play_turn(state, [3, 57])  # green 3 and 57 match nothing green-ended: slipped
    assert [e.card for e in of_type(events, CardSlipped)] == [3, 57]
