"""Round scoring (5 + the largest losing hand), three rounds, the highest total wins, ties share."""

import msgspec

from domain.games.daron import GAME
from domain.games.daron.commands import Deposit
from domain.games.daron.events import CardsDealt, RoundWon
from domain.kernel import table as tables
from domain.kernel.events import GameEnded
from domain.kernel.viewer import EVERYONE
from tests.unit.daron.positions import of_type, play, position
from tests.unit.harness import Game, assert_replay_equals_live


def test_seed_example_losers_with_6_9_10_points_give_the_winner_15() -> None:
    six = ["2", "2", "3", "3", "6", "6"]  # 6 number cards
    nine = ["joker_even", "joker_odd", "+2", "7"]  # 3 + 3 + 2 + 1
    ten = ["daron", "daron", "daron", "x2", "+3"]  # 5 x 2
    state = position([["4", "5"], six, nine, ten], top="5", totals=[0, 1, 2, 3])
    events, after = play(state, 0, Deposit(cards=["4", "5"]))
    won = of_type(events, RoundWon)[0]
    assert won.hand_points == [0, 6, 9, 10]
    assert won.points == 15
    assert won.totals == [15, 1, 2, 3]
    assert after.totals == [15, 1, 2, 3]


def test_only_the_winner_scores() -> None:
    state = position([["3", "3"], ["4", "5"], ["8", "8"]], top="4", to_act=1, totals=[7, 0, 9])
    events, _ = play(state, 1, Deposit(cards=["5", "4"]))
    assert of_type(events, RoundWon)[0].totals == [7, 7, 9]


def test_the_third_round_ends_the_game_the_highest_total_wins() -> None:
    state = position([["4", "5"], ["8", "8"]], top="5", round_=3, totals=[3, 9])
    events, after = play(state, 0, Deposit(cards=["4", "5"]))
    assert of_type(events, RoundWon)[0].last
    assert of_type(events, CardsDealt) == []
    assert after.phase == "finished"
    assert GAME.is_over(after)
    assert GAME.scores(after) == [3 + 7, 9]
    assert GAME.winners(after) == [0]


def test_ties_share_the_victory() -> None:
    state = position([["3", "3"], ["8", "8"], ["5", "5"]], phase="finished", totals=[12, 4, 12])
    assert GAME.winners(state) == [0, 2]


def test_a_full_game_has_three_rounds_and_ends_with_the_table_scores() -> None:
    game = Game(GAME, 4)
    game.play_out()
    rounds = [e for e in game.events if isinstance(e, RoundWon)]
    assert len(rounds) + sum(type(e).__name__ == "RoundBlocked" for e in game.events) == 3
    ended = game.events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.scores == game.state.totals
    assert ended.winners == GAME.winners(game.state)
    assert game.table.status == "finished"
    assert msgspec.to_builtins(tables.view(GAME, game.table, EVERYONE))["winners"] == ended.winners
    assert_replay_equals_live(game)
