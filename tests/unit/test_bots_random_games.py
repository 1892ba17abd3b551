"""Random-bot games per game and player count end without an error: 100 in `make test`, 1,000 in `make test-slow`.

Each game is played lobby to `GameEnded` through the table Decider, so a rule that raises, a bot that
picks an illegal move, or a game that never ends fails here. The cases are every registered game at every
player count it allows, and the toy game (tests/toy_game), registered for these tests by `toy_game`.
Two worker processes share the games; they are forked, so they inherit the registry with the toy in it.
"""

from __future__ import annotations

from typing import Any

import pytest

from services.simulate import Plan, Summary, simulate
from tests.registered import cases, options_needed

pytestmark = pytest.mark.usefixtures("toy_game")

GAMES = 1_000  # `make test-slow`
QUICK_GAMES = 100  # `make test`: enough for a rule that raises or a bot that errs in a common position


def random_games(game: str, players: int, games: int) -> Summary:
    # the same seed for both runs: the 100 games of `make test` are the first 100 of the 1,000
    options: dict[str, Any] = options_needed(game, players)
    plan = Plan(game=game, players=players, bots=["random"], seed=f"random:{game}:{players}".encode(), options=options)
    return simulate(plan, games, workers=2)


@pytest.mark.parametrize(("game", "players"), cases())
def test_100_random_games_end_without_error(game: str, players: int) -> None:
    summary = random_games(game, players, QUICK_GAMES)
    assert summary.games == QUICK_GAMES
    assert summary.commands > 0
    assert sum(seat.win_rate for seat in summary.seats) == pytest.approx(1.0)


@pytest.mark.slow
@pytest.mark.statistics
@pytest.mark.parametrize(("game", "players"), cases())
def test_1000_random_games_end_without_error(game: str, players: int) -> None:
    summary = random_games(game, players, GAMES)
    assert summary.games == GAMES
    assert summary.commands > 0
    assert sum(seat.win_rate for seat in summary.seats) == pytest.approx(1.0)
