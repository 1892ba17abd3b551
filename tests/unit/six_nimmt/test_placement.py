"""Where a revealed card goes: the closest lower row end, the sixth card, the card too low for every row."""

from __future__ import annotations

import msgspec

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.commands import ChooseRow, PlayCard
from domain.games.six_nimmt.events import RowChoiceRequested, RowTaken
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import CardsRevealed
from domain.kernel.viewer import SPECTATOR, seat_viewer
from tests.unit.six_nimmt.positions import act, of_type, play_turn, position, refused

ROWS_12_20_33_47 = [[5, 12], [20], [25, 30, 33], [40, 47]]


def test_seed_example_34_goes_after_33() -> None:
    """The seed: rows end in 12, 20, 33, 47; a 34 goes after the 33, never after the 20 or the 47."""
    state = position([[34, 90], [60, 91]], ROWS_12_20_33_47)
    state, events = play_turn(state, [34, 60])
    placed = of_type(events, CardPlaced)
    assert placed[0] == CardPlaced(seat=0, card=34, row=2)
    assert state.rows[2] == [25, 30, 33, 34]
    assert state.rows[1] == [20]
    assert state.rows[3] == [40, 47, 60]
    assert not of_type(events, RowTaken)


def test_card_goes_to_the_closest_lower_end_not_the_first_lower_one() -> None:
    state = position([[46, 90], [13, 91]], ROWS_12_20_33_47)
    state, events = play_turn(state, [46, 13])
    assert of_type(events, CardPlaced) == [CardPlaced(seat=1, card=13, row=0), CardPlaced(seat=0, card=46, row=2)]


def test_cards_resolve_in_ascending_order_whoever_played_them() -> None:
    """Seat 2's 41 is the lowest card: it comes first and so it, not seat 0's 45, is the sixth card."""
    state = position([[45, 90], [43, 91], [41, 92]], [[10], [20], [30], [36, 37, 38, 39, 40]])
    state, events = play_turn(state, [45, 43, 41])
    (revealed,) = of_type(events, CardsRevealed)
    assert revealed.cards == [(2, 41), (1, 43), (0, 45)]
    assert revealed.turn == 1
    assert of_type(events, CardPlaced) == [
        CardPlaced(seat=2, card=41, row=3),
        CardPlaced(seat=1, card=43, row=3),
        CardPlaced(seat=0, card=45, row=3),
    ]
    (taken,) = of_type(events, RowTaken)
    assert taken.seat == 2
    assert state.rows[3] == [41, 43, 45]
    assert state.penalties == [[], [], [36, 37, 38, 39, 40]]


def test_sixth_card_takes_the_five_and_starts_the_row() -> None:
    state = position([[6, 90], [50, 91]], [[1, 2, 3, 4, 5], [20], [30], [40]])
    state, events = play_turn(state, [6, 50])
    (taken,) = of_type(events, RowTaken)
    assert taken == RowTaken(seat=0, row=0, cards=[1, 2, 3, 4, 5], heads=6, reason="sixth_card")
    assert events.index(taken) < events.index(CardPlaced(seat=0, card=6, row=0))
    assert state.rows[0] == [6]
    assert state.penalties[0] == [1, 2, 3, 4, 5]
    assert state.phase == "choose"


def test_fifth_card_joins_the_row_without_taking() -> None:
    state = position([[5, 90], [50, 91]], [[1, 2, 3, 4], [20], [30], [40]])
    state, events = play_turn(state, [5, 50])
    assert not of_type(events, RowTaken)
    assert state.rows[0] == [1, 2, 3, 4, 5]


def test_taken_heads_count_the_rows_cards() -> None:
    state = position([[56, 90], [60, 91]], [[10, 11, 15, 22, 55], [20], [30], [57]])
    _, events = play_turn(state, [56, 60])
    (taken,) = of_type(events, RowTaken)
    assert taken.heads == 3 + 5 + 2 + 5 + 7


def test_too_low_card_asks_its_player_to_choose_a_row() -> None:
    state = position([[5, 90], [50, 91]], [[10], [20], [30], [40]])
    state, events = play_turn(state, [5, 50])
    assert events[-1] == RowChoiceRequested(seat=0, card=5)
    assert not of_type(events, CardPlaced)
    assert state.phase == "choose_row"
    assert state.asked == 0
    assert state.pending == [(0, 5), (1, 50)]
    assert GAME.awaiting(state) == [0]
    assert GAME.legal_moves(state, 0) == [ChooseRow(row=r) for r in range(4)]
    assert GAME.legal_moves(state, 1) == []
    for viewer in (seat_viewer(0), seat_viewer(1), SPECTATOR):
        view = msgspec.to_builtins(GAME.view(state, viewer))
        assert view["phase"] == "choose_row"
        assert view["asked"] == 0
        assert view["revealed"] == [{"seat": 0, "card": 5}, {"seat": 1, "card": 50}]


def test_nobody_else_can_act_while_a_row_is_chosen() -> None:
    state = position([[5, 90], [50, 91]], [[10], [20], [30], [40]])
    state, _ = play_turn(state, [5, 50])
    assert refused(state, 1, PlayCard(card=91)) == "wrong_phase"
    assert refused(state, 0, PlayCard(card=90)) == "wrong_phase"
    assert refused(state, 1, ChooseRow(row=0)) == "not_asked"


def test_the_chooser_takes_the_row_and_resolution_resumes() -> None:
    state = position([[5, 90], [50, 91]], [[10], [20], [30], [40]])
    state, _ = play_turn(state, [5, 50])
    state, events = act(state, 0, ChooseRow(row=2))
    assert events == [
        RowTaken(seat=0, row=2, cards=[30], heads=3, reason="too_low"),
        CardPlaced(seat=0, card=5, row=2),
        CardPlaced(seat=1, card=50, row=3),
    ]
    assert state.rows == [[10], [20], [5], [40, 50]]
    assert state.penalties == [[30], []]
    assert state.phase == "choose"
    assert state.asked is None
    assert state.pending == []


def test_the_player_may_take_any_row_even_the_costliest() -> None:
    state = position([[5, 90], [50, 91]], [[10], [20, 55], [30], [40]])
    state, _ = play_turn(state, [5, 50])
    state, events = act(state, 0, ChooseRow(row=1))
    assert of_type(events, RowTaken)[0].heads == 3 + 7
    assert state.rows[1] == [5]


def test_cards_after_a_chosen_row_see_the_new_row() -> None:
    """The chooser's 5 now ends row 0, so the 7 played in the same turn goes after it, not to a choice."""
    state = position([[5, 90], [7, 91]], [[10], [20], [30], [40]])
    state, _ = play_turn(state, [5, 7])
    state, events = act(state, 0, ChooseRow(row=0))
    assert of_type(events, RowChoiceRequested) == []
    assert state.rows[0] == [5, 7]
    assert state.penalties == [[10], []]


def test_two_too_low_cards_ask_one_after_the_other() -> None:
    state = position([[3, 90], [2, 91], [1, 92]], [[10], [20], [30], [40]])
    state, events = play_turn(state, [3, 2, 1])
    assert events[-1] == RowChoiceRequested(seat=2, card=1)
    state, events = act(state, 2, ChooseRow(row=3))
    # the 2 and the 3 now go after the 1: nobody else is asked
    assert of_type(events, CardPlaced) == [
        CardPlaced(seat=2, card=1, row=3),
        CardPlaced(seat=1, card=2, row=3),
        CardPlaced(seat=0, card=3, row=3),
    ]
    assert state.rows[3] == [1, 2, 3]


def test_a_choice_can_be_followed_by_a_sixth_card_in_the_same_turn() -> None:
    state = position([[2, 90], [45, 91]], [[10], [20], [30], [40, 41, 42, 43, 44]])
    state, _ = play_turn(state, [2, 45])
    state, events = act(state, 0, ChooseRow(row=0))
    taken = of_type(events, RowTaken)
    assert [(t.seat, t.reason) for t in taken] == [(0, "too_low"), (1, "sixth_card")]
    assert state.rows == [[2], [20], [30], [45]]
