"""The secret choice: hidden until all have chosen, changeable until then, the last chooser reveals."""

from __future__ import annotations

import msgspec

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.commands import PlayCard
from domain.games.six_nimmt.events import CardChosen
from domain.kernel.secret_choice import CardsRevealed
from domain.kernel.viewer import EVERYONE, SPECTATOR, seat_viewer
from tests.unit.six_nimmt.positions import act, cards_shown, decide, of_type, position

HANDS = [[61, 97], [62, 98], [63, 99]]
ROWS = [[10], [20], [30], [40]]


def test_a_choice_is_one_event_and_nothing_is_revealed_yet() -> None:
    state, events = act(position(HANDS, ROWS), 0, PlayCard(card=97))
    assert events == [CardChosen(seat=0, card=97)]
    assert state.phase == "choose"
    assert state.hands[0] == [61, 97]  # the card stays in hand until the reveal
    assert GAME.awaiting(state) == [1, 2]


def test_the_chosen_card_is_redacted_for_others_and_spectators() -> None:
    state = position(HANDS, ROWS)
    (chosen,) = decide(state, 0, PlayCard(card=97))
    assert GAME.redact(state, chosen, seat_viewer(0)) == CardChosen(seat=0, card=97)
    assert GAME.redact(state, chosen, seat_viewer(1)) == CardChosen(seat=0, card=None)
    assert GAME.redact(state, chosen, SPECTATOR) == CardChosen(seat=0, card=None)
    assert GAME.redact(state, chosen, EVERYONE) == CardChosen(seat=0, card=97)


def test_views_show_who_has_chosen_but_not_what() -> None:
    state, _ = act(position(HANDS, ROWS), 0, PlayCard(card=97))
    own = msgspec.to_builtins(GAME.view(state, seat_viewer(0)))
    assert own["chosen"] == [True, False, False]
    assert own["my_choice"] == 97
    for viewer in (seat_viewer(1), seat_viewer(2), SPECTATOR):
        view = msgspec.to_builtins(GAME.view(state, viewer))
        assert view["chosen"] == [True, False, False]
        assert view["my_choice"] is None
        assert view["hands"] is None
        assert 97 not in cards_shown(view)
        assert view["revealed"] == []


def test_a_choice_can_be_changed_until_all_have_chosen() -> None:
    state, _ = act(position(HANDS, ROWS), 0, PlayCard(card=97))
    state, _ = act(state, 1, PlayCard(card=62))
    state, events = act(state, 0, PlayCard(card=61))
    assert events == [CardChosen(seat=0, card=61)]
    assert msgspec.to_builtins(GAME.view(state, seat_viewer(0)))["my_choice"] == 61
    state, events = act(state, 2, PlayCard(card=63))
    (revealed,) = of_type(events, CardsRevealed)
    assert revealed.cards == [(0, 61), (1, 62), (2, 63)]
    assert state.hands == [[97], [98], [99]]


def test_choosing_the_same_card_again_changes_nothing_visible() -> None:
    state, _ = act(position(HANDS, ROWS), 1, PlayCard(card=98))
    state, events = act(state, 1, PlayCard(card=98))
    assert events == [CardChosen(seat=1, card=98)]
    assert state.chosen == [None, 98, None]


def test_only_the_last_chooser_triggers_the_reveal() -> None:
    state = position(HANDS, ROWS)
    for seat, card in [(2, 63), (0, 61)]:
        state, events = act(state, seat, PlayCard(card=card))
        assert not of_type(events, CardsRevealed)
    state, events = act(state, 1, PlayCard(card=62))
    assert events[0] == CardChosen(seat=1, card=62)
    assert events[1] == CardsRevealed(turn=1, cards=[(0, 61), (1, 62), (2, 63)])
    assert state.chosen == [None, None, None]
    assert state.turn == 1


def test_the_reveal_is_public() -> None:
    state = position(HANDS, ROWS)
    state, _ = act(state, 0, PlayCard(card=61))
    state, _ = act(state, 1, PlayCard(card=62))
    _, events = act(state, 2, PlayCard(card=63))
    (revealed,) = of_type(events, CardsRevealed)
    for viewer in (seat_viewer(0), seat_viewer(1), SPECTATOR):
        assert GAME.redact(state, revealed, viewer) == revealed


def test_the_view_counts_turns_from_one() -> None:
    """rules/six-nimmt.md: `turn` is 1..10, so the first choice of a round is made in turn 1."""
    state = position(HANDS, ROWS)
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["turn"] == 1
    state, _ = act(state, 0, PlayCard(card=61))
    state, _ = act(state, 1, PlayCard(card=62))
    state, _ = act(state, 2, PlayCard(card=63))
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["turn"] == 2
