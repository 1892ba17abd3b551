"""The three taking rules, their precedence, and the `colour_first` variant."""

from __future__ import annotations

import msgspec

from domain.games.le_baron import GAME
from domain.games.le_baron.commands import ChooseRow
from domain.games.le_baron.events import RowChoiceRequested, RowTaken
from domain.kernel.rows import CardPlaced
from domain.kernel.viewer import SPECTATOR
from tests.unit.le_baron.positions import act, of_type, options, play_turn, position

SIXTH = [2, 8, 9, 10, 6]  # five cards, no colour above 3 symbols, last card white and red
FIVE_BLUE = [31, 73, 1]  # blue x2 + green, blue x2, blue: five blue symbols in three cards
OTHERS = [[24], [11], [56], [3]]  # white, black, yellow, green
SECOND = [[84, 57], [88, 97]]  # seat 1 plays a later card that lands harmlessly


def test_sixth_card_takes_the_five_before_it() -> None:
    state = position([[34, 57], [84, 97]], [SIXTH, *OTHERS])
    state, events = play_turn(state, [34, 84])  # red: only row 0 ends in red
    assert of_type(events, RowTaken) == [RowTaken(seat=0, row=0, cards=SIXTH, points=10, reason="sixth_card")]
    assert state.rows[0] == [34]
    assert state.taken == [SIXTH, []]
    assert GAME.scores(state) == [10, 0]
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["taken"] == [SIXTH, []]
    # the row is taken before the card starts it: the events say so in that order
    assert [type(e).__name__ for e in events[-3:]] == ["RowTaken", "CardPlaced", "CardPlaced"]


def test_colour_overflow_counts_the_new_card() -> None:
    state = position([[19, 57], [84, 97]], [FIVE_BLUE, *OTHERS])
    state, events = play_turn(state, [19, 84])  # the sixth blue symbol
    assert of_type(events, RowTaken) == [RowTaken(seat=0, row=0, cards=FIVE_BLUE, points=6, reason="colour_overflow")]
    assert state.rows[0] == [19]


def test_five_symbols_of_a_colour_do_not_take() -> None:
    row = [31, 73]  # four blue
    state = position([[19, 57], [84, 97]], [row, *OTHERS])
    state, events = play_turn(state, [19, 84])
    assert of_type(events, RowTaken) == []
    assert state.rows[0] == [31, 73, 19]


def test_the_overflowing_colour_need_not_be_the_matching_one() -> None:
    """The seed's advice: a row with green piling up explodes on the next green, whatever matched."""
    row = [15, 33, 8]  # green x2, green x2, yellow + green: five green, ends in yellow and green
    state = position([[2, 57], [84, 97]], [row, [24], [11], [34], [1]])
    state, events = play_turn(state, [2, 84])  # yellow x2: matches through yellow, green stays at five
    assert of_type(events, RowTaken) == []
    state = position([[93, 57], [84, 97]], [row, [24], [11], [34], [1]])
    state, events = play_turn(state, [93, 84])  # green x2: seven green
    assert of_type(events, RowTaken)[0].reason == "colour_overflow"


def test_the_seeds_black_example() -> None:
    """The seed warns of a row with 4 black heads: black x2 brings it to six and takes it."""
    row = [5, 17]  # black x2, black x2
    state = position([[47, 57], [84, 97]], [row, *OTHERS[:1], [34], [56], [3]])
    state, events = play_turn(state, [47, 84])  # black x2 + blue
    assert of_type(events, RowTaken) == [RowTaken(seat=0, row=0, cards=[5, 17], points=4, reason="colour_overflow")]


def test_sixth_card_wins_the_precedence_when_it_also_makes_six_of_a_colour() -> None:
    row = [1, 19, 43, 55, 61]  # five blue cards, five blue symbols
    state = position([[67, 57], [84, 97]], [row, *OTHERS])
    state, events = play_turn(state, [67, 84])
    assert of_type(events, RowTaken) == [RowTaken(seat=0, row=0, cards=row, points=5, reason="sixth_card")]
    assert state.rows[0] == [67]


def test_no_match_takes_a_row_of_the_players_choice() -> None:
    rows = [[1], [24], [11], [56], [3]]  # blue, white, black, yellow, green: nothing red
    state = position([[34, 57], [84, 97]], rows)
    state, events = play_turn(state, [34, 84])
    assert events[-1] == RowChoiceRequested(seat=0, card=34, choices=[0, 1, 2, 3, 4], reason="no_match")
    assert GAME.legal_moves(state, 0) == [ChooseRow(row=r) for r in range(5)]
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["ask_reason"] == "no_match"
    state, events = act(state, 0, ChooseRow(row=1))
    assert events[0] == RowTaken(seat=0, row=1, cards=[24], points=1, reason="no_match")
    assert events[1] == CardPlaced(seat=0, card=34, row=1)
    # 84 is white and row 1 now ends in red: it has no white row left either
    assert events[2] == RowChoiceRequested(seat=1, card=84, choices=[0, 1, 2, 3, 4], reason="no_match")
    assert state.rows[1] == [34]
    assert state.taken == [[24], []]


def test_a_chosen_row_can_overflow() -> None:
    """The Baron may go anywhere; on five red symbols it adds the sixth."""
    row = [70, 76, 34]  # red x2 + white, red x2 + blue, red
    state = position([[52, 57], [84, 97]], [row, *OTHERS])
    state, _ = play_turn(state, [52, 84])
    state, events = act(state, 0, ChooseRow(row=0))
    assert events[0] == RowTaken(seat=0, row=0, cards=row, points=7, reason="colour_overflow")
    assert state.rows[0] == [52]


def test_colour_first_lifts_the_sixth_card_rule() -> None:
    state = position([[34, 57], [84, 97]], [SIXTH, *OTHERS], opts=options("colour_first"))
    state, events = play_turn(state, [34, 84])
    assert of_type(events, RowTaken) == []
    assert state.rows[0] == [*SIXTH, 34]


def test_colour_first_rows_grow_past_six_until_a_colour_overflows() -> None:
    """The seed: "a row may hold 6, 7, 10 cards, as long as no colour reaches six"."""
    row = [2, 8, 9, 10, 6, 34, 88, 40]  # eight cards, red at five
    state = position([[94, 57], [84, 97]], [row, *OTHERS], opts=options("colour_first"))
    state, events = play_turn(state, [94, 84])
    assert of_type(events, RowTaken) == [RowTaken(seat=0, row=0, cards=row, points=13, reason="colour_overflow")]


def test_colour_first_turns_the_precedence_case_into_an_overflow() -> None:
    row = [1, 19, 43, 55, 61]
    state = position([[67, 57], [84, 97]], [row, *OTHERS], opts=options("colour_first"))
    state, events = play_turn(state, [67, 84])
    assert of_type(events, RowTaken)[0].reason == "colour_overflow"
