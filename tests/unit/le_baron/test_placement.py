"""Colour placement: a card goes after a row's last card sharing a colour; its player picks among several."""

from __future__ import annotations

import msgspec

from domain.games.le_baron import GAME
from domain.games.le_baron.commands import ChooseRow, PlayCard
from domain.games.le_baron.events import CardPlayed, RowChoiceRequested, RowTaken
from domain.kernel.rows import CardPlaced
from domain.kernel.viewer import SPECTATOR, seat_viewer
from tests.unit.le_baron.positions import act, of_type, play_turn, position, refused

ROWS = [[1], [24], [34], [11], [56]]  # blue, white, red, black, yellow


def test_a_single_matching_row_takes_the_card_at_once() -> None:
    state = position([[84, 3], [88, 57]], ROWS)
    state, events = play_turn(state, [84, 88])  # white, red
    assert of_type(events, RowChoiceRequested) == []
    assert [(p.card, p.row) for p in of_type(events, CardPlaced)] == [(84, 1), (88, 2)]
    assert state.rows == [[1], [24, 84], [34, 88], [11], [56]]


def test_the_number_never_picks_the_row() -> None:
    """The seed: the numbers only fix the order; card 1 is blue and goes after blue 97, not after 2."""
    state = position([[1, 3], [88, 57]], [[2], [97], [24], [11], [34]])
    state, _ = play_turn(state, [1, 88])
    assert state.rows[1] == [97, 1]
    assert state.rows[4] == [34, 88]


def test_several_matching_rows_ask_the_player_among_those_only() -> None:
    rows = [[7], [24], [34], [11], [56]]  # 7 is blue and black
    state = position([[35, 3], [88, 57]], rows)  # 35 is black and blue: rows 0 and 3
    state, events = play_turn(state, [35, 88])
    assert events[-1] == RowChoiceRequested(seat=0, card=35, choices=[0, 3], reason="placement")
    assert state.phase == "choose_row"
    assert GAME.awaiting(state) == [0]
    assert GAME.legal_moves(state, 0) == [ChooseRow(row=0), ChooseRow(row=3)]
    assert GAME.legal_moves(state, 1) == []
    seen = msgspec.to_builtins(GAME.view(state, SPECTATOR))
    assert seen["phase"] == "choose_row"
    assert seen["choices"] == [0, 3]
    assert seen["asked"] == 0
    assert seen["ask_reason"] == "placement"
    assert seen["turn"] == 1  # the turn being resolved

    state, events = act(state, 0, ChooseRow(row=3))
    assert of_type(events, RowTaken) == []
    # the answer also resumes the resolution: 88 follows
    assert [(p.card, p.row) for p in of_type(events, CardPlaced)] == [(35, 3), (88, 2)]
    assert state.rows == [[7], [24], [34, 88], [11, 35], [56]]
    assert state.phase == "choose"


def test_resolution_waits_for_the_asked_player() -> None:
    rows = [[7], [24], [34], [11], [56]]
    state = position([[35, 3], [88, 57]], rows)
    state, _ = play_turn(state, [35, 88])
    assert refused(state, 1, PlayCard(card=57)) == "wrong_phase"
    assert refused(state, 1, ChooseRow(row=2)) == "not_asked"
    assert state.pending == [(0, 35), (1, 88)]
    assert msgspec.to_builtins(GAME.view(state, seat_viewer(1)))["revealed"] == [
        {"seat": 0, "card": 35},
        {"seat": 1, "card": 88},
    ]


def test_the_baron_matches_every_row() -> None:
    for baron in (52, 104):
        state = position([[baron, 3], [88, 57]], ROWS)
        state, events = play_turn(state, [baron, 88])
        assert of_type(events, RowChoiceRequested) == [
            RowChoiceRequested(seat=0, card=baron, choices=[0, 1, 2, 3, 4], reason="placement")
        ]
        assert GAME.legal_moves(state, 0) == [ChooseRow(row=r) for r in range(5)]


def test_a_card_after_the_baron_matches_through_any_colour() -> None:
    state = position([[24, 3], [88, 57]], [[52], [1], [34], [11], [56]])
    state, events = play_turn(state, [24, 88])  # white: only the Baron's row
    assert next((p.card, p.row) for p in of_type(events, CardPlaced)) == (24, 0)


def test_a_chosen_card_is_the_one_placed() -> None:
    state = position([[35, 3], [88, 57]], [[7], [24], [34], [11], [56]])
    state, events = act(state, 0, PlayCard(card=35))
    assert events == [CardPlayed(seat=0, card=35)]
