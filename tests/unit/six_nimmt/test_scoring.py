"""The end of a round (heads added to the totals) and of the game (threshold or rounds; ties share)."""

from __future__ import annotations

import hashlib

import msgspec
import pytest

from domain.games.six_nimmt import GAME
from domain.games.six_nimmt.events import CardsDealt, RoundEnded
from domain.games.six_nimmt.options import EndAfterRounds, EndAtThreshold, Options
from domain.games.six_nimmt.state import State
from domain.kernel.events import DeckShuffled, GameEnded
from domain.kernel.viewer import SPECTATOR
from tests.unit.harness import Game, assert_replay_equals_live
from tests.unit.six_nimmt.positions import of_type, play_turn, position

ROWS = [[10], [20], [30], [40]]


def last_turn(totals: list[int], penalties: list[list[int]], options: Options, round_: int = 1) -> State:
    return position([[50], [60]], ROWS, options=options, totals=totals, penalties=penalties, round_=round_, turn=9)


def test_the_round_ends_when_the_hands_are_empty() -> None:
    state = position([[50, 51], [60, 61]], ROWS, turn=8)
    state, events = play_turn(state, [50, 60])
    assert not of_type(events, RoundEnded)
    state, events = play_turn(state, [51, 61])
    (ended,) = of_type(events, RoundEnded)
    assert ended.round == 1
    assert ended.heads == [0, 0]


def test_round_heads_are_added_to_the_totals() -> None:
    state = last_turn([7, 20], [[33, 1], [55]], Options())
    _, events = play_turn(state, [50, 60])
    (ended,) = of_type(events, RoundEnded)
    assert ended.heads == [6, 7]
    assert ended.totals == [13, 27]
    assert ended.last is False


def test_heads_taken_in_the_last_turn_count_for_the_round() -> None:
    state = position([[46], [60]], [[10], [20], [30], [41, 42, 43, 44, 45]], turn=9, totals=[1, 1])
    _, events = play_turn(state, [46, 60])
    (ended,) = of_type(events, RoundEnded)
    assert ended.heads == [1 + 1 + 1 + 5 + 2, 0]
    assert ended.totals == [11, 1]


def test_a_new_round_is_dealt_when_the_game_goes_on() -> None:
    state = last_turn([0, 0], [[], []], Options())
    state, events = play_turn(state, [50, 60])
    ended = of_type(events, RoundEnded)[0]
    after = events[events.index(ended) + 1 :]
    assert [type(e) for e in after] == [DeckShuffled, CardsDealt]
    assert of_type(after, CardsDealt)[0].round == 2
    assert state.round == 2
    assert state.turn == 0
    assert state.penalties == [[], []]
    assert [len(h) for h in state.hands] == [10, 10]
    assert state.totals == [0, 0]


def test_penalties_shown_are_those_of_the_current_round() -> None:
    state = last_turn([0, 0], [[33], []], Options())
    state, _ = play_turn(state, [50, 60])
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["penalties"] == [[], []]
    assert msgspec.to_builtins(GAME.view(state, SPECTATOR))["totals"] == [5, 0]


@pytest.mark.parametrize(("total", "ends"), [(59, False), (60, True), (70, True)])
def test_threshold_ends_the_game_after_the_round_that_reaches_it(total: int, ends: bool) -> None:
    state = last_turn([total, 0], [[30, 1, 2, 4], []], Options())  # 6 heads this round
    state, events = play_turn(state, [50, 60])
    (ended,) = of_type(events, RoundEnded)
    assert ended.last is ends
    assert GAME.is_over(state) is ends
    assert bool(of_type(events, DeckShuffled)) is not ends
    assert state.phase == ("finished" if ends else "choose")


def test_threshold_is_compared_with_the_total_not_the_rounds_heads() -> None:
    state = last_turn([65, 0], [[], []], Options())
    state, events = play_turn(state, [50, 60])
    assert of_type(events, RoundEnded)[0].last is False


def test_a_custom_threshold() -> None:
    state = last_turn([0, 0], [[1, 2], []], Options(end=EndAtThreshold(points=2)))
    state, _ = play_turn(state, [50, 60])
    assert GAME.is_over(state)


def test_rounds_end_ignores_the_totals() -> None:
    state = last_turn([500, 0], [[55], []], Options(end=EndAfterRounds(rounds=2)), round_=1)
    state, events = play_turn(state, [50, 60])
    assert of_type(events, RoundEnded)[0].last is False
    assert state.round == 2


def test_rounds_end_stops_after_the_nth_round() -> None:
    state = last_turn([0, 0], [[], []], Options(end=EndAfterRounds(rounds=2)), round_=2)
    state, events = play_turn(state, [50, 60])
    assert of_type(events, RoundEnded)[0].last is True
    assert GAME.is_over(state)


@pytest.mark.parametrize("rounds", [1, 3])
def test_a_game_of_n_rounds_plays_exactly_n(rounds: int) -> None:
    game = Game(GAME, 4, {"end": {"kind": "rounds", "rounds": rounds}})
    game.play_out()
    ended = of_type(game.events, RoundEnded)
    assert [e.round for e in ended] == list(range(1, rounds + 1))
    assert [e.last for e in ended] == [False] * (rounds - 1) + [True]
    assert len(of_type(game.events, CardsDealt)) == rounds
    assert_replay_equals_live(game)


def test_default_game_ends_at_66() -> None:
    game = Game(GAME, 3)
    game.play_out()
    ended = of_type(game.events, RoundEnded)
    assert all(max(e.totals) < 66 for e in ended[:-1])
    assert max(ended[-1].totals) >= 66
    (over,) = of_type(game.events, GameEnded)
    assert over.scores == ended[-1].totals
    assert hashlib.sha256(bytes.fromhex(over.seed)).hexdigest() == game.table.seed_commitment


def test_lowest_total_wins() -> None:
    state = position([[1], [2], [3]], ROWS, totals=[30, 12, 70])
    assert GAME.winners(state) == [1]
    assert GAME.scores(state) == [30, 12, 70]


def test_ties_share_the_victory() -> None:
    state = position([[1], [2], [3], [4]], ROWS, totals=[12, 30, 12, 70])
    assert GAME.winners(state) == [0, 2]
    everyone = position([[1], [2]], ROWS, totals=[66, 66])
    assert GAME.winners(everyone) == [0, 1]


def test_a_game_ending_in_a_tie_has_every_tied_seat_win() -> None:
    state = position(
        [[50], [60], [70]], ROWS, options=Options(end=EndAfterRounds(1)), totals=[0, 0, 0], penalties=[[1], [30], [2]]
    )
    state, _ = play_turn(state, [50, 60, 70])
    assert GAME.is_over(state)
    assert GAME.scores(state) == [1, 3, 1]
    assert GAME.winners(state) == [0, 2]
