"""Bot-only games played in memory through the same table Decider the server uses.

Each game's seed is derived from the run's seed and the game's index, so a run is deterministic for
its seed whatever the number of worker processes. Only the timing figures vary between runs.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import msgspec

from domain.games.registry import GAMES
from domain.kernel import table as tables
from domain.kernel.bots import LEVELS, bot_label
from domain.kernel.errors import RuleViolation
from domain.kernel.shuffle import Draws
from domain.kernel.table import Table

MAX_COMMANDS = 200_000  # far above any real game; a game still running past it is a bug in its rules


class GameResult(msgspec.Struct, frozen=True):
    index: int
    lineup: list[str]  # the bot level at each seat
    scores: list[int]
    winners: list[int]
    events: int
    commands: int


class SeatFigures(msgspec.Struct, frozen=True):
    seat: int
    bot: str
    win_rate: float  # a shared win counts as 1/len(winners)
    mean_score: float


class Summary(msgspec.Struct, frozen=True):
    game: str
    players: int
    games: int
    seed: str
    options: dict[str, Any]
    bots: list[str]
    rotate: bool
    seats: list[SeatFigures]
    level_win_rate: dict[str, float]  # per level: mean win rate of the seats it held
    events: int
    commands: int
    seconds: float
    games_per_second: float
    events_per_second: float
    digest: str  # sha256 over every game's scores and winners: equal digests, equal runs


class Plan(msgspec.Struct, frozen=True):
    game: str
    players: int
    bots: list[str]
    seed: bytes
    options: dict[str, Any] = {}
    rotate: bool = False
    expert_budget: float = 1.0  # scales the `expert` seats' search (domain/kernel/search.py); 1: the server default


def lineup(levels: Sequence[str], players: int) -> list[str]:
    """The level of each seat: the levels given in seat order, the last one repeated over the rest."""
    if not levels:
        levels = ["random"]
    unknown = sorted(set(levels) - set(LEVELS))
    if unknown:
        raise RuleViolation("unknown_bot", f"bot levels are {', '.join(LEVELS)}", {"unknown": unknown})
    return [levels[min(i, len(levels) - 1)] for i in range(players)]


def game_seed(seed: bytes, index: int) -> bytes:
    return hashlib.sha256(seed + b":game:" + index.to_bytes(8, "big")).digest()


def seated(plan: Plan, index: int) -> list[str]:
    """With `rotate`, the lineup turns one seat per game, so no level keeps the first player's edge."""
    base = lineup(plan.bots, plan.players)
    if not plan.rotate:
        return base
    shift = index % plan.players
    return base[-shift:] + base[:-shift] if shift else base


def play_game(plan: Plan, index: int, record: list[Any] | None = None) -> GameResult:
    """One whole game, lobby to `GameEnded`, with every event folded as the store would fold it.

    `record`, when given, receives every event in order (the stream the store would hold).
    """
    rules = GAMES[plan.game]
    seed = game_seed(plan.seed, index)
    levels = seated(plan, index)
    events: list[Any] = tables.create(rules, f"sim-{index}", plan.players, plan.options, seed)
    table: Table[Any] = tables.initial(events[0])
    count = 1
    if record is not None:
        record.extend(events)

    def apply(new: list[Any]) -> None:
        nonlocal table, count
        for event in new:
            table = tables.evolve(rules, table, event)
        count += len(new)
        if record is not None:
            record.extend(new)

    for seat, level in enumerate(levels):
        apply(tables.join(table, f"{level} bot", seat, level))
    apply(tables.start(rules, table, seed))
    commands = 0
    while table.status == "active":
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"{plan.game} game {index} did not end after {MAX_COMMANDS} commands")
        seat = rules.awaiting(table.inner)[0]
        draws = Draws(seed, bot_label(seat, table.version))
        move = rules.bot_move(table.inner, seat, levels[seat], draws, plan.expert_budget)
        apply(tables.play(rules, table, seat, move, seed))
        commands += 1
    return GameResult(
        index=index,
        lineup=levels,
        scores=list(table.scores),
        winners=list(table.winners),
        events=count,
        commands=commands,
    )


def _play_range(plan: Plan, start: int, stop: int) -> list[GameResult]:
    return [play_game(plan, i) for i in range(start, stop)]


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def results(
    plan: Plan, games: int, workers: int = 1, progress: Callable[[int], None] | None = None
) -> list[GameResult]:
    """Every game's result in index order; `progress` hears how many games just finished."""
    if workers <= 1:
        played = []
        for i in range(games):
            played.append(play_game(plan, i))
            if progress is not None:
                progress(1)
        return played
    size = max(1, min(50, games // (workers * 4)))
    played = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        # map keeps the submission order, so the results (and the digest) do not depend on scheduling
        for chunk in pool.map(_play_range, *zip(*((plan, a, b) for a, b in _chunks(games, size)), strict=True)):
            played.extend(chunk)
            if progress is not None:
                progress(len(chunk))
    return played


def summarise(plan: Plan, played: list[GameResult], seconds: float) -> Summary:
    players = plan.players
    wins = [0.0] * players
    scores = [0.0] * players
    level_wins: dict[str, float] = {}
    level_seats: dict[str, int] = {}
    digest = hashlib.sha256()
    # with rotation, figures follow the lineup entry (the bot), not the chair it sat in that game
    for result in played:
        shift = result.index % players if plan.rotate else 0
        for seat in range(players):
            slot = (seat - shift) % players
            share = 1 / len(result.winners) if seat in result.winners else 0.0
            wins[slot] += share
            scores[slot] += result.scores[seat]
            level = result.lineup[seat]
            level_wins[level] = level_wins.get(level, 0.0) + share
            level_seats[level] = level_seats.get(level, 0) + 1
        digest.update(msgspec.json.encode([result.scores, result.winners]))
    n = max(1, len(played))
    base = lineup(plan.bots, players)
    events = sum(r.events for r in played)
    return Summary(
        game=plan.game,
        players=players,
        games=len(played),
        seed=plan.seed.hex(),
        options=plan.options,
        bots=base,
        rotate=plan.rotate,
        seats=[
            SeatFigures(seat=s, bot=base[s], win_rate=wins[s] / n, mean_score=scores[s] / n) for s in range(players)
        ],
        level_win_rate={level: level_wins[level] / level_seats[level] for level in sorted(level_wins)},
        events=events,
        commands=sum(r.commands for r in played),
        seconds=seconds,
        games_per_second=len(played) / seconds if seconds > 0 else 0.0,
        events_per_second=events / seconds if seconds > 0 else 0.0,
        digest=digest.hexdigest(),
    )


def check_plan(plan: Plan) -> None:
    """Refuse a bad game, player count, lineup or options before any game is played."""
    rules = GAMES.get(plan.game)
    if rules is None:
        raise RuleViolation("unknown_game", f"no game named {plan.game!r}", {"games": sorted(GAMES)})
    tables.parse_options(rules, plan.players, plan.options)
    lineup(plan.bots, plan.players)


def simulate(plan: Plan, games: int, workers: int = 1, progress: Callable[[int], None] | None = None) -> Summary:
    check_plan(plan)
    began = time.perf_counter()
    played = results(plan, games, workers, progress)
    return summarise(plan, played, time.perf_counter() - began)
