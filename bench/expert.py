"""The `expert` bot per game: the time each expert move takes (median, p95, max) at a budget, and its win rate
against `smart` seats, in seeded games with the expert's seat rotated.

    .venv/bin/python bench/expert.py [--games 20] [--budget 1.0] [--players N] [--game six-nimmt ...]

The timings are this machine's (one core, the search is pure Python): the wall time each move took, and the CPU
time its thread spent on it, which a shared machine's load does not inflate (the load average is printed with the
figures); the win rates depend on the seed only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.bots import bot_label
from domain.kernel.shuffle import Draws
from services.simulate import Plan, game_seed, seated

# the options each game is measured with: whole games where they are short, one round or a few where not
OPTIONS: dict[str, dict[str, Any]] = {
    "six-nimmt": {"end": {"kind": "rounds", "rounds": 1}},
    "le-baron": {},
    "barbu": {"max_rounds": 1},
    "daron": {},
    "bohnanza": {},
}
# the player counts the slow tests (tests/unit/test_bots_expert.py) measure the win rates at
PLAYERS = {"six-nimmt": 4, "le-baron": 4, "barbu": 4, "daron": 4, "bohnanza": 3}


def measure(game: str, players: int, games: int, budget: float, seed: bytes) -> dict[str, Any]:
    rules = GAMES[game]
    plan = Plan(game=game, players=players, bots=["expert", "smart"], seed=seed, options=OPTIONS[game], rotate=True)
    times: list[float] = []
    cpu: list[float] = []
    expert_wins = smart_wins = 0.0
    for index in range(games):
        gseed = game_seed(seed, index)
        levels = seated(plan, index)
        events = tables.create(rules, f"bench-{index}", players, plan.options, gseed)
        table = tables.initial(events[0])
        for seat, level in enumerate(levels):
            table = tables.evolve_all(rules, table, tables.join(table, f"{level} {seat}", seat, level))
        table = tables.evolve_all(rules, table, tables.start(rules, table, gseed))
        while table.status == "active":
            seat = rules.awaiting(table.inner)[0]
            draws = Draws(gseed, bot_label(seat, table.version))
            began, began_cpu = time.perf_counter(), time.thread_time()
            move = rules.bot_move(table.inner, seat, levels[seat], draws, budget)
            if levels[seat] == "expert":
                times.append(time.perf_counter() - began)
                cpu.append(time.thread_time() - began_cpu)
            table = tables.evolve_all(rules, table, tables.play(rules, table, seat, move, gseed))
        for seat in table.winners:
            share = 1 / len(table.winners)
            if levels[seat] == "expert":
                expert_wins += share
            else:
                smart_wins += share / (players - 1)
    times.sort()
    cpu.sort()
    return {
        "game": game,
        "players": players,
        "games": games,
        "budget": budget,
        "moves": len(times),
        "median_ms": statistics.median(times) * 1000,
        "p95_ms": times[int(0.95 * (len(times) - 1))] * 1000,
        "max_ms": times[-1] * 1000,
        "cpu_median_ms": statistics.median(cpu) * 1000,
        "cpu_p95_ms": cpu[int(0.95 * (len(cpu) - 1))] * 1000,
        "cpu_max_ms": cpu[-1] * 1000,
        "expert_win_rate": expert_wins / games,
        "smart_win_rate": smart_wins / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="the games (default: all)")
    parser.add_argument("--players", type=int, help="the player count (default: each game's in PLAYERS)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--seed", default="bench-expert")
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(
        f"{'game':<10} {'seats':>5} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
        f"{'cpu median':>11} {'cpu p95':>8} {'cpu max':>8} {'expert':>7} {'smart':>7}"
    )
    for game in args.game or list(OPTIONS):
        r = measure(game, args.players or PLAYERS[game], args.games, args.budget, args.seed.encode())
        print(
            f"{game:<10} {r['players']:>5} {r['moves']:>6} "
            f"{r['median_ms']:>10.1f} {r['p95_ms']:>8.1f} {r['max_ms']:>8.1f} "
            f"{r['cpu_median_ms']:>11.1f} {r['cpu_p95_ms']:>8.1f} {r['cpu_max_ms']:>8.1f} "
            f"{r['expert_win_rate']:>7.1%} {r['smart_win_rate']:>7.1%}"
        )
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
