"""The simultaneous hidden choice: secret, changeable until all have chosen, revealed lowest first."""

from __future__ import annotations

import msgspec

from domain.games.le_baron import GAME
from domain.games.le_baron.commands import PlayCard
from domain.games.le_baron.events import CardPlayed
from domain.kernel.rows import CardPlaced
from domain.kernel.secret_choice import CardsRevealed
from domain.kernel.viewer import SPECTATOR, seat_viewer
from tests.unit.le_baron.positions import act, of_type, position

# Every card below matches exactly one row, so resolution never stops to ask.
ROWS = [[1], [24], [34], [11], [56]]  # blue, white, red, black, yellow
HANDS = [[84, 19], [88, 97], [59, 43]]


def test_a_choice_waits_for_everyone() -> None:
    state = position(HANDS, ROWS)
    state, events = act(state, 1, PlayCard(card=88))
    assert events == [CardPlayed(seat=1, card=88)]
    assert GAME.awaiting(state) == [0, 2]
    assert state.hands[1] == [88, 97]  # still in hand until the reveal
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["chosen"] == [False, True, False]


def test_a_choice_may_change_until_everyone_has_chosen() -> None:
    state = position(HANDS, ROWS)
    state, _ = act(state, 1, PlayCard(card=88))
    state, events = act(state, 1, PlayCard(card=97))
    assert events == [CardPlayed(seat=1, card=97)]
    assert msgspec.to_builtins(GAME.view(state, seat_viewer(1)))["my_choice"] == 97
    state, _ = act(state, 0, PlayCard(card=84))
    state, events = act(state, 2, PlayCard(card=59))
    (revealed,) = of_type(events, CardsRevealed)
    assert (1, 97) in revealed.cards


def test_the_reveal_resolves_in_ascending_number_whoever_chose_first() -> None:
    state = position(HANDS, ROWS)
    state, _ = act(state, 2, PlayCard(card=59))
    state, _ = act(state, 1, PlayCard(card=88))
    state, events = act(state, 0, PlayCard(card=19))
    (revealed,) = of_type(events, CardsRevealed)
    assert revealed.cards == [(0, 19), (2, 59), (1, 88)]
    assert revealed.turn == 1
    assert [(p.seat, p.card) for p in of_type(events, CardPlaced)] == [(0, 19), (2, 59), (1, 88)]
    assert state.hands == [[84], [97], [43]]
    assert state.chosen == [None, None, None]
    assert state.phase == "choose"
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["turn"] == 2  # the next choice is for turn 2


def test_the_view_counts_turns_from_one() -> None:
    state = position(HANDS, ROWS)
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["turn"] == 1


def test_every_seat_may_choose_from_its_hand_only() -> None:
    state = position(HANDS, ROWS)
    assert GAME.legal_moves(state, 0) == [PlayCard(card=19), PlayCard(card=84)]
    assert GAME.legal_moves(state, 2) == [PlayCard(card=43), PlayCard(card=59)]
