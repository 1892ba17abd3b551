"""The bots at a table: the move a seat's bot makes now, and the turn timer's bot playing for late seats."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.bots import bot_label, reaction_label
from domain.kernel.game import AnyGame
from domain.kernel.lifecycle import BOT_BUDGET, TAKEOVER_BOT, accept, key
from domain.kernel.shuffle import Draws
from domain.kernel.table_commands import TimeOut
from domain.kernel.table_evolve import evolve_all
from domain.kernel.table_state import Table


class BotMove(msgspec.Struct, frozen=True):
    seat: int
    level: str
    command: Any


def next_bot_move(rules: AnyGame, table: Table[Any], seed: bytes, budget: float = 1.0) -> BotMove | None:
    """The bot to play now and its move: an awaited bot first; when the game waits for people only, a bot
    that reacts (answers an open offer, proposes a trade); None when no bot has anything to do. `budget` scales
    an `expert` bot's search (domain/kernel/search.py)."""
    if table.status != "active" or table.inner is None:
        return None
    if table.bot_budget is not None:  # dealing 3: the game's own budget, so that an audit replays the same search
        budget = table.bot_budget / BOT_BUDGET
    awaited = rules.awaiting(table.inner)
    for seat in awaited:
        taken = table.seats[seat]
        if taken is not None and taken.bot is not None:
            draws = Draws(key(table, seed), bot_label(seat, table.version))
            return BotMove(seat, taken.bot, rules.bot_move(table.inner, seat, taken.bot, draws, budget))
    for seat, taken in enumerate(table.seats):
        if taken is not None and taken.bot is not None and seat not in awaited:
            draws = Draws(key(table, seed), reaction_label(seat, table.version))
            reaction = rules.bot_reaction(table.inner, seat, taken.bot, draws)
            if reaction is not None:
                return BotMove(seat, taken.bot, reaction)
    return None


def play_for_late_seats(rules: AnyGame, table: Table[Any], seats: list[int], seed: bytes) -> list[Any]:
    """The turn timer ran out for `seats`: its bot chooses a move for each seat still awaited, and each goes through
    `accept` as a `TimeOut` (decided by `lifecycle.play_timer_move`)."""
    events: list[Any] = []
    for seat in seats:
        if table.status != "active" or seat not in rules.awaiting(table.inner):
            continue
        move = rules.bot_move(table.inner, seat, TAKEOVER_BOT, Draws(key(table, seed), bot_label(seat, table.version)))
        step = accept(rules, table, TimeOut(seat=seat, command=move), "timer", seed)
        table = evolve_all(rules, table, step)
        events.extend(step)
    return events
