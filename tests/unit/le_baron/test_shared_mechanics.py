"""The pieces le-baron shares with six-nimmt: the hidden simultaneous choice and the rows."""

from __future__ import annotations

from domain.kernel.per_seat import with_seat
from domain.kernel.rows import rows_started, with_card_placed, with_cards_added, with_row_emptied
from domain.kernel.secret_choice import (
    everyone_chose,
    nobody_chose,
    reveal_order,
    still_choosing,
    without_revealed,
)
from domain.kernel.secret_choice_view import shown_choice
from domain.kernel.viewer import EVERYONE, SPECTATOR, seat_viewer


def test_a_choice_is_one_slot_per_seat_and_may_change() -> None:
    chosen = nobody_chose(3)
    assert still_choosing(chosen) == [0, 1, 2]
    chosen = with_seat(chosen, 1, 40)
    changed = with_seat(chosen, 1, 12)
    assert chosen == [None, 40, None]  # the input is never touched
    assert changed == [None, 12, None]
    assert not everyone_chose(changed)
    assert everyone_chose([3, 12, 7])


def test_the_reveal_is_ascending_by_card() -> None:
    assert reveal_order([90, 12, 45]) == [(1, 12), (2, 45), (0, 90)]


def test_revealed_cards_leave_their_hands() -> None:
    hands = [[1, 90], [12, 13], [45]]
    assert without_revealed(hands, [90, 12, 45]) == [[1], [13], []]
    assert hands == [[1, 90], [12, 13], [45]]


def test_a_choice_is_shown_to_its_chooser_only() -> None:
    assert shown_choice(7, 0, seat_viewer(0)) == 7
    assert shown_choice(7, 0, seat_viewer(1)) is None
    assert shown_choice(7, 0, SPECTATOR) is None
    assert shown_choice(7, 0, EVERYONE) == 7


def test_rows_copy_only_what_changes() -> None:
    rows = rows_started([5, 9])
    placed = with_card_placed(rows, 1, 11)
    emptied = with_row_emptied(placed, 1)
    assert rows == [[5], [9]]
    assert placed == [[5], [9, 11]]
    assert emptied == [[5], []]
    assert placed[0] is rows[0]
    piles = [[], [3]]
    assert with_cards_added(piles, 1, [9, 11]) == [[], [3, 9, 11]]
    assert piles == [[], [3]]
