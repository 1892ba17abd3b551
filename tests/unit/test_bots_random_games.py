"""1,000 random-bot games per game and player count end without an error (the long test CI runs).

Each game is played lobby to `GameEnded` through the table Decider, so a rule that raises, a bot that
picks an illegal move, or a game that never ends fails here. Two worker processes share the games.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.games.registry import GAMES as GAME
from services.simulate import Plan, simulate

GAMES = 1_000


def setups() -> list[Any]:
    cases = []
    for name, rules in GAME.items():
        for players in range(rules.min_players, rules.max_players + 1):
            # the base bohnanza deck is for 3 to 5 players; 6 and 7 need the extended one
            options = {"extended": True} if name == "bohnanza" and players > 5 else {}
            cases.append(pytest.param(name, players, options, id=f"{name}-{players}p"))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), setups())
def test_1000_random_games_end_without_error(game: str, players: int, options: dict[str, Any]) -> None:
    plan = Plan(game=game, players=players, bots=["random"], seed=f"random:{game}:{players}".encode(), options=options)
    summary = simulate(plan, GAMES, workers=2)
    assert summary.games == GAMES
    assert summary.commands > 0
    assert sum(seat.win_rate for seat in summary.seats) == pytest.approx(1.0)
