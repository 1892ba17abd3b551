"""Bots: `random` finishes every game from the legal moves alone; `smart` clearly beats it."""

from __future__ import annotations

import pytest

from domain.games.le_baron import GAME
from domain.games.le_baron.commands import ChooseRow, PlayCard
from domain.kernel.bots import bot_label
from domain.kernel.shuffle import Draws
from tests.unit.harness import Game, assert_replay_equals_live
from tests.unit.le_baron.positions import options, play_turn, position

VARIANTS = [[], ["colour_first"], ["positive"], ["colour_first", "positive"]]


@pytest.mark.parametrize("variants", VARIANTS)
@pytest.mark.parametrize("players", range(2, 11))
def test_random_bots_finish_every_game(players: int, variants: list[str]) -> None:
    for level in ("random", "smart"):
        game = Game(GAME, players, {"variants": variants, "rounds": 2}, seed=bytes([players, len(variants)]) * 16)
        game.play_out(level)
        assert game.table.status == "finished"
        assert game.table.winners
        assert_replay_equals_live(game)


def duel(players: int, variants: list[str], games: int) -> tuple[float, float]:
    """Win rates of one smart seat (moving round the table) and of the random seats on average."""
    smart_wins = random_wins = 0
    for k in range(games):
        smart = k % players
        game = Game(GAME, players, {"variants": variants}, seed=k.to_bytes(32, "big"))
        game.start()
        while game.table.status == "active":
            seat = GAME.awaiting(game.state)[0]
            level = "smart" if seat == smart else "random"
            draws = Draws(game.seed, bot_label(seat, game.table.version))
            game.play(seat, GAME.bot_move(game.state, seat, level, draws))
        smart_wins += smart in game.table.winners
        random_wins += sum(1 for w in game.table.winners if w != smart)
    return smart_wins / games, random_wins / games / (players - 1)


@pytest.mark.parametrize(("players", "variants"), [(4, []), (5, ["positive"])])
def test_smart_clearly_beats_random(players: int, variants: list[str]) -> None:
    smart, random = duel(players, variants, 60)
    assert smart > random + 0.3, (smart, random)


def test_smart_is_deterministic_and_legal() -> None:
    game = Game(GAME, 3)
    game.start()
    seat = GAME.awaiting(game.state)[0]
    first = GAME.bot_move(game.state, seat, "smart", Draws(game.seed, "a"))
    assert first == GAME.bot_move(game.state, seat, "smart", Draws(game.seed, "b"))
    assert first in GAME.legal_moves(game.state, seat)


def test_smart_avoids_the_sixth_card() -> None:
    rows = [[2, 8, 9, 10, 6], [24], [11], [56], [1]]  # row 0 ends in red and is full
    state = position([[34, 19], [97, 57]], rows)  # 34 (red) would take ten points, 19 (blue) goes after 1
    assert GAME.bot_move(state, 0, "smart", Draws(b"", "x")) == PlayCard(card=19)


def test_smart_takes_the_cheapest_row_when_nothing_matches() -> None:
    rows = [[2, 8], [24], [11, 5], [56], [1]]
    state, _ = play_turn(position([[34, 57], [84, 97]], rows), [34, 84])
    assert state.ask_reason == "no_match"
    # rows 1 and 4 are worth one point each; the first of them is picked
    assert GAME.bot_move(state, 0, "smart", Draws(b"", "x")) == ChooseRow(row=1)


def test_smart_goes_for_points_in_the_positive_variant() -> None:
    rows = [[2, 8, 9, 10, 6], [24], [11], [56], [1]]
    state = position([[34, 19], [97, 57]], rows, opts=options("positive"))
    assert GAME.bot_move(state, 0, "smart", Draws(b"", "x")) == PlayCard(card=34)
