"""Bots play through the same transaction as people: each move is decided, appended and projected in turn.

A request plays at most `per_request` bot moves after its own write (none at a table with people when bots
think first); this process' runner (services/bot_runner.py) plays the rest in the background. A move the runner
holds for a trading window (an active bot ending trading at a table with people) is never played here: the game
goes to the runner, which plays it when the window closes.

**Expert bots search** (domain/kernel/search.py: about 200 ms a move at the default budget), so at a table with an
`expert` seat the choice runs in a worker thread of this player's own pool, never on the event loop, and at most
`concurrency` searches run at once in the process (the pool's size; the runner's slots bound them too). While the
runner runs, a request leaves every move of such a table to it: the request answers at once and the moves follow
in the background. A move decided on a table that moved meanwhile is not searched again inside the transaction (on
the loop): nothing is appended, and whoever plays the bot looks again at the stream's head, in a thread.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from domain.kernel import table as tables
from domain.kernel.table import Table
from domain.kernel.table_commands import Play
from services import writes
from services.bot_runner import BotRunner, closes_window, has_person
from services.codec import codec
from services.ports import SYSTEM_CLOCK, Clock, GameRecord
from services.transact import Given, Transactor

# the moves a call plays when no runner takes the rest (a process without background tasks): a whole game
INLINE_MOVES = 10_000


class BotPlayer:
    def __init__(
        self,
        transactor: Transactor,
        per_request: int,
        think: float = 0.0,
        concurrency: int = 2,
        trade_window: float = 0.0,
        expert_budget: float = 1.0,
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.transactor = transactor
        self.per_request = per_request
        self.expert_budget = expert_budget
        self.runner = BotRunner(self, concurrency=concurrency, think=think, window=trade_window, clock=clock)
        # the expert searches' threads: as many as bot moves may be in progress at once
        self.searches = ThreadPoolExecutor(max_workers=max(concurrency, 1), thread_name_prefix="tapis-expert")

    async def play(self, record: GameRecord, table: Table[Any]) -> Table[Any]:
        """The bot moves a write made due: up to `per_request` here, the rest handed to the runner; returns the
        table they leave. Without a running runner, every move is played here (up to a whole game)."""
        runner = self.runner
        if not runner.running:
            budget = max(self.per_request, INLINE_MOVES)
        elif runner.think > 0 and has_person(table):
            budget = 0  # every move in the background, each after its pause, for the people to follow
        elif searches(table):
            budget = 0  # an expert's search never holds a request: the runner plays its moves
        else:
            budget = self.per_request
        for _ in range(budget):
            chosen = await self.choose(record, table)
            if chosen is None:
                return table
            if runner.holds(record, table, chosen):
                break  # the trading window: the runner plays it when the window closes
            moved = await self.apply(record, table, chosen)
            if moved.version == table.version:
                return table
            table = moved
        runner.wake(record, table)
        return table

    async def move(self, record: GameRecord, table: Table[Any]) -> Table[Any] | None:
        """One bot move from `table`; the table after it (caught up, if the game had moved), None if no bot moves."""
        chosen = await self.choose(record, table)
        if chosen is None:
            return None
        moved = await self.apply(record, table, chosen)
        return None if moved.version == table.version else moved

    async def choose(self, record: GameRecord, table: Table[Any]) -> tables.BotMove | None:
        """The bot move due at `table`, or None; an expert's search in a worker thread, off the event loop."""
        if not searches(table):
            return self.decide(record, table)
        return await asyncio.get_running_loop().run_in_executor(self.searches, self.decide, record, table)

    def decide(self, record: GameRecord, table: Table[Any]) -> tables.BotMove | None:
        return tables.next_bot_move(codec(record.game).rules, table, record.seed, self.expert_budget)

    async def apply(self, record: GameRecord, table: Table[Any], chosen: tables.BotMove) -> Table[Any]:
        """Append `chosen`, decided on `table`; on a game that moved meanwhile the bot looks again at its head.
        Returns the table at the stream's head (unchanged when the bot had nothing to do there)."""
        rules = codec(record.game).rules

        def decision(current: Table[Any], seen: int = table.version) -> tuple[None, list[Any]]:
            # on a table that moved meanwhile (another process, a person), the bot looks again; an expert looks
            # again outside the transaction (nothing appended: its player chooses anew from the head, in a thread)
            if current.version != seen and searches(current):
                return None, []
            again = chosen if current.version == seen else self.decide(record, current)
            if again is None or again.seat != chosen.seat:
                return None, []
            held = again is not chosen and self.runner.holds(record, current, again)
            if held and not closes_window(record.game, chosen.command):
                return None, []  # it would close a trading window: the runner holds it (its next look)
            move = Play(seat=again.seat, command=again.command)
            return None, tables.accept(rules, current, move, "bot", record.seed)

        actor = writes.bot(chosen.seat, chosen.level)
        moved = await self.transactor.on(record).transact(decision, actor, load=Given(table))
        return moved.table


def searches(table: Table[Any]) -> bool:
    """Does a seat of this table search (an `expert` bot), so that its choice must leave the event loop?"""
    return any(seat is not None and seat.bot == "expert" for seat in table.seats)
