"""`smart` beats `random` in every game: seeded games, one smart seat against random ones.

The lineup turns one seat per game so the smart bot does not keep the first player's edge. The figures in
the test names are those measured with the fixed seed below (`tapis simulate GAME --players N --games 400
--bots smart,random --rotate --seed smart-vs-random`, and `--games 100` for the quick run); the assertion asks
for a clear margin, not the figure. `make test` plays the first 100 of the 400 games, which keep that margin
with room to spare; `make test-slow` plays all 400.

Unlike the other all-games suites these cases are not derived from the registry: each is a figure someone measured
for one game. Instead the registry is checked to have one for every game it holds, so a new game cannot join
without its smart bot being measured against random.
"""

from __future__ import annotations

import pytest

from domain.games.registry import GAMES as REGISTRY
from services.simulate import Plan, simulate

SEED = b"smart-vs-random"
GAMES = 400
QUICK_GAMES = 100
MARGIN = 0.5  # smart's win rate per seat must exceed random's by at least this much

CASES = [
    pytest.param("six-nimmt", 4, id="six-nimmt-4p-smart-86pct-vs-random-5pct"),
    pytest.param("le-baron", 4, id="le-baron-4p-smart-87pct-vs-random-4pct"),
    pytest.param("barbu", 3, id="barbu-3p-smart-99pct-vs-random-1pct"),
    pytest.param("daron", 4, id="daron-4p-smart-82pct-vs-random-6pct"),
    pytest.param("bohnanza", 4, id="bohnanza-4p-smart-99pct-vs-random-0pct"),
]

QUICK_CASES = [
    pytest.param("six-nimmt", 4, id="six-nimmt-4p-smart-84pct-vs-random-5pct"),
    pytest.param("le-baron", 4, id="le-baron-4p-smart-91pct-vs-random-3pct"),
    pytest.param("barbu", 3, id="barbu-3p-smart-99pct-vs-random-1pct"),
    pytest.param("daron", 4, id="daron-4p-smart-87pct-vs-random-4pct"),
    pytest.param("bohnanza", 4, id="bohnanza-4p-smart-97pct-vs-random-1pct"),
]


def test_every_registered_game_has_a_measured_case() -> None:
    for cases in (CASES, QUICK_CASES):
        assert {case.values[0] for case in cases} == set(REGISTRY)


@pytest.mark.parametrize(("game", "players"), QUICK_CASES)
def test_smart_beats_random_in_100_seeded_games(game: str, players: int) -> None:
    plan = Plan(game=game, players=players, bots=["smart", "random"], seed=SEED, rotate=True)
    summary = simulate(plan, QUICK_GAMES, workers=2)
    smart, random = summary.level_win_rate["smart"], summary.level_win_rate["random"]
    assert summary.games == QUICK_GAMES
    assert smart > random + MARGIN, (smart, random)


@pytest.mark.slow
@pytest.mark.statistics
@pytest.mark.parametrize(("game", "players"), CASES)
def test_smart_beats_random_in_400_seeded_games(game: str, players: int) -> None:
    plan = Plan(game=game, players=players, bots=["smart", "random"], seed=SEED, rotate=True)
    summary = simulate(plan, GAMES, workers=2)
    smart, random = summary.level_win_rate["smart"], summary.level_win_rate["random"]
    assert summary.games == GAMES
    assert smart > random + MARGIN, (smart, random)
