"""`tapis simulate GAME`: bot-only games in process, with a progress bar and a per-seat table."""

from __future__ import annotations

import argparse
import json
import sys

import msgspec

from domain.games.registry import GAMES
from domain.kernel.bots import LEVELS
from domain.kernel.errors import RuleViolation
from services.simulate import Plan, Summary, simulate


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    s = sub.add_parser("simulate", help="play games between bots in process; print win rates and speed")
    s.add_argument("game", choices=sorted(GAMES))
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--games", type=int, default=100)
    s.add_argument(
        "--bots",
        default="random",
        help=f"comma-separated levels ({', '.join(LEVELS)}) by seat; the last one fills the remaining seats",
    )
    s.add_argument("--seed", default="tapis", help="any text; the same seed plays the same games")
    s.add_argument("--options", default="{}", help="the game's options as JSON, as at creation")
    s.add_argument("--rotate", action="store_true", help="turn the lineup one seat per game; figures per lineup entry")
    s.add_argument(
        "--expert-budget",
        type=float,
        default=1.0,
        help="scale of the expert bots' worlds and steps per move (1: the server's default)",
    )
    s.add_argument("--workers", type=int, default=1, help="processes (the results do not depend on it)")
    s.add_argument("--json", action="store_true", help="print the summary as JSON, no progress bar")
    s.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as exc:
        print(f"--options is not JSON: {exc}", file=sys.stderr)
        return 2
    if not isinstance(options, dict) or args.games < 1 or args.workers < 1 or not args.expert_budget > 0:
        print(
            "--options must be a JSON object; --games and --workers at least 1, --expert-budget above 0",
            file=sys.stderr,
        )
        return 2
    plan = Plan(
        game=args.game,
        players=args.players,
        bots=[b.strip() for b in args.bots.split(",") if b.strip()],
        seed=args.seed.encode(),
        options=options,
        rotate=args.rotate,
        expert_budget=args.expert_budget,
    )
    try:
        summary = _run(plan, args.games, args.workers, show_progress=not args.json)
    except RuleViolation as exc:
        print(f"{exc.code}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(msgspec.json.format(msgspec.json.encode(summary)).decode() + "\n")
    else:
        _print_table(summary)
    return 0


def _run(plan: Plan, games: int, workers: int, show_progress: bool) -> Summary:
    if not show_progress:
        return simulate(plan, games, workers)
    # rich comes with litestar already; its bar draws on stderr and leaves stdout to the figures
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as progress:
        task = progress.add_task(f"{plan.game} x{plan.players}", total=games)
        return simulate(plan, games, workers, lambda done: progress.advance(task, done))


def _print_table(summary: Summary) -> None:
    rotated = " (lineup rotated each game: per lineup entry)" if summary.rotate else ""
    print(f"{summary.game}, {summary.players} players, {summary.games} games, seed {summary.seed}{rotated}")
    print(f"{'seat':>4}  {'bot':<7} {'win rate':>8}  {'mean score':>10}")
    for seat in summary.seats:
        print(f"{seat.seat:>4}  {seat.bot:<7} {seat.win_rate:>8.1%}  {seat.mean_score:>10.2f}")
    for level, rate in summary.level_win_rate.items():
        print(f"{level}: {rate:.1%} wins per seat")
    print(
        f"{summary.games_per_second:,.1f} games/s, {summary.events_per_second:,.0f} events/s "
        f"({summary.events:,} events, {summary.commands:,} commands in {summary.seconds:.2f} s)"
    )
    print(f"digest {summary.digest}")
