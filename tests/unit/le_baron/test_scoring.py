"""Scores: the points of the taken cards, lowest wins, ties share, rounds add up."""

from __future__ import annotations

import pytest

from domain.games.le_baron import GAME
from domain.games.le_baron.cards import points_of
from domain.games.le_baron.events import RoundEnded, RowTaken
from tests.unit.harness import Game
from tests.unit.le_baron.positions import of_type, options, play_turn, position


def test_the_lowest_total_wins_and_ties_share() -> None:
    state = position([[84], [88], [59]], [[1], [24], [34], [11], [56]], totals=[5, 3, 3])
    state, events = play_turn(state, [84, 88, 59])
    (ended,) = of_type(events, RoundEnded)
    assert ended.totals == [5, 3, 3]
    assert ended.last
    assert GAME.is_over(state)
    assert GAME.winners(state) == [1, 2]


def test_a_round_that_is_not_the_last_deals_again() -> None:
    state = position([[84], [88]], [[1], [24], [34], [11], [56]], opts=options(rounds=2), totals=[4, 1])
    state, events = play_turn(state, [84, 88])
    (ended,) = of_type(events, RoundEnded)
    assert not ended.last
    assert state.round == 2
    assert state.phase == "choose"
    assert state.taken == [[], []]
    assert state.totals == [4, 1]
    assert all(len(h) == 4 for h in state.hands)


@pytest.mark.parametrize("rounds", [1, 3])
def test_scores_add_the_points_taken_in_every_round(rounds: int) -> None:
    game = Game(GAME, 5, {"rounds": rounds})
    game.play_out()
    expected = [0] * 5
    for taken in of_type(game.events, RowTaken):
        assert taken.points == points_of(taken.cards)
        expected[taken.seat] += taken.points
    assert game.table.scores == expected
    assert [e.totals for e in of_type(game.events, RoundEnded)][-1] == expected
    assert len(of_type(game.events, RoundEnded)) == rounds
    assert game.table.winners == [s for s, t in enumerate(expected) if t == min(expected)]


def test_positive_scores_subtract_what_was_left() -> None:
    game = Game(GAME, 4, {"rounds": 2, "variants": ["positive"]})
    game.play_out()
    expected = [0] * 4
    for taken in of_type(game.events, RowTaken):
        expected[taken.seat] += taken.points
    for ended in of_type(game.events, RoundEnded):
        expected = [t - left for t, left in zip(expected, ended.left, strict=True)]
    assert game.table.scores == expected
    assert game.table.winners == [s for s, t in enumerate(expected) if t == max(expected)]
