"""The `expert` bot (domain/kernel/search.py and each game's expert.py) against `smart`, in seeded games with the
lineup rotated one seat per game, so the expert does not keep the first player's edge.

The quick cases play a few games per game at a small budget: the expert finishes them, every move it makes going
through the table's decider (an illegal one would be refused and fail the run). The slow cases play 200 games per
game and ask for the expert's win rate per seat to be clearly above the smart seats' (a one-sided binomial test at
p < 0.01 against the smart seats' mean rate); the figures in their names are those measured with the fixed seed
below. Each slow case names its search budget (`expert_budget`, a scale of the game's default worlds and steps per
move): every one searches at 1, the server's default, so the figures are what a table with an expert meets; the
five runs take about three minutes of CPU on a quiet machine (docs/benchmarks.md, "Expert bots", has the figures).
"""

from __future__ import annotations

from math import comb
from typing import Any

import pytest

from services.simulate import Plan, simulate

SEED = b"expert-vs-smart"
QUICK_GAMES = 6
QUICK_BUDGET = 0.05  # one world per move: the quick cases check that the expert plays, not how well
SLOW_GAMES = 200

QUICK_CASES = [
    pytest.param("six-nimmt", 4, {"end": {"kind": "rounds", "rounds": 1}}, id="six-nimmt-4p"),
    pytest.param("le-baron", 4, {}, id="le-baron-4p"),
    pytest.param("barbu", 4, {"max_rounds": 2}, id="barbu-4p"),
    pytest.param("daron", 3, {}, id="daron-3p"),
    pytest.param("bohnanza", 3, {}, id="bohnanza-3p"),
]


def p_at_least(wins: int, games: int, rate: float) -> float:
    """P(X >= wins) for X ~ Binomial(games, rate): how likely this many wins are at that win rate."""
    return sum(comb(games, k) * rate**k * (1 - rate) ** (games - k) for k in range(wins, games + 1))


@pytest.mark.parametrize(("game", "players", "options"), QUICK_CASES)
def test_the_expert_finishes_seeded_games_against_smart(game: str, players: int, options: dict[str, Any]) -> None:
    plan = Plan(
        game=game,
        players=players,
        bots=["expert", "smart"],
        seed=SEED,
        options=options,
        rotate=True,
        expert_budget=QUICK_BUDGET,
    )
    summary = simulate(plan, QUICK_GAMES)
    assert summary.games == QUICK_GAMES
    assert set(summary.level_win_rate) == {"expert", "smart"}
    assert summary.commands > QUICK_GAMES * players


def assert_expert_wins(
    game: str, players: int, options: dict[str, Any], budget: float, games: int = SLOW_GAMES
) -> None:
    """`games` seeded games (200), the expert's seat rotated among smart seats: its win rate is clearly above
    theirs."""
    plan = Plan(
        game=game,
        players=players,
        bots=["expert", "smart"],
        seed=SEED,
        options=options,
        rotate=True,
        expert_budget=budget,
    )
    # on both cores, as the other statistics runs: the figures are the same whatever the workers (test_simulate.py)
    summary = simulate(plan, games, workers=2)
    expert, smart = summary.level_win_rate["expert"], summary.level_win_rate["smart"]
    wins = round(expert * games)  # shared wins count as fractions: rounded, as a count of games
    assert expert > smart, (expert, smart)
    assert p_at_least(wins, games, smart) < 0.01, (expert, smart)


@pytest.mark.slow
@pytest.mark.statistics
def test_expert_wins_more_than_smart_200_games_4p_six_nimmt_one_round_expert_52pct_vs_smart_16pct() -> None:
    # the server's default budget: 6 worlds a move
    assert_expert_wins("six-nimmt", 4, {"end": {"kind": "rounds", "rounds": 1}}, 1.0)


@pytest.mark.slow
@pytest.mark.statistics
def test_expert_wins_more_than_smart_200_games_4p_le_baron_one_round_expert_32pct_vs_smart_23pct() -> None:
    # the server's default budget: 10 worlds a move
    assert_expert_wins("le-baron", 4, {}, 1.0)


@pytest.mark.slow
@pytest.mark.statistics
def test_expert_wins_more_than_smart_400_games_4p_barbu_one_contract() -> None:
    # dealing 3's deal key deals other games than the ones its figures were measured on (33 % against 22 % in 200):
    # on today's 200 the expert won 30.1 % against 23.3 % (p = 0.017), so the case plays 400
    assert_expert_wins("barbu", 4, {"max_rounds": 1}, 1.0, games=400)


@pytest.mark.slow
@pytest.mark.statistics
def test_expert_wins_more_than_smart_600_games_4p_daron_rules_3() -> None:
    # the server's default budget: 4 worlds a move. Under daron's rules version 3 (a deposit after a draw lays the
    # drawn card) and dealing 3's deal key (other deals than the figures' run) the expert's edge measured about 5
    # points: 200 games 27 % against 24 % on this seed (p = 0.16) and 32 % against 23 % on another, 400 games 28.7 %
    # against 23.8 % (p = 0.012); the case plays 600, as many as an edge of that size needs to show at p < 0.01
    assert_expert_wins("daron", 4, {}, 1.0, games=600)


@pytest.mark.slow
@pytest.mark.statistics
def test_expert_wins_more_than_smart_200_games_3p_bohnanza_expert_58pct_vs_smart_21pct() -> None:
    # the server's default budget: 6 worlds a move
    assert_expert_wins("bohnanza", 3, {}, 1.0)
