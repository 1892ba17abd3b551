"""Bots play through the same transaction as people: each move is decided, appended and projected in turn.

A request plays at most `per_request` bot moves after its own write (none at a table with people when bots
think first); this process' runner (services/bot_runner.py) plays the rest in the background. A move the runner
holds for a trading window (an active bot ending trading at a table with people) is never played here: the game
goes to the runner, which plays it when the window closes.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import table as tables
from domain.kernel.table import Table
from domain.kernel.table_commands import Play
from services.bot_runner import BotRunner, closes_window, has_person
from services.codec import codec
from services.ports import GameRecord
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
    ) -> None:
        self.transactor = transactor
        self.per_request = per_request
        self.runner = BotRunner(self, concurrency=concurrency, think=think, window=trade_window)

    async def play(self, record: GameRecord, table: Table[Any]) -> Table[Any]:
        """The bot moves a write made due: up to `per_request` here, the rest handed to the runner; returns the
        table they leave. Without a running runner, every move is played here (up to a whole game)."""
        runner = self.runner
        if not runner.running:
            budget = max(self.per_request, INLINE_MOVES)
        elif runner.think > 0 and has_person(table):
            budget = 0  # every move in the background, each after its pause, for the people to follow
        else:
            budget = self.per_request
        for _ in range(budget):
            chosen = self.choose(record, table)
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
        chosen = self.choose(record, table)
        if chosen is None:
            return None
        moved = await self.apply(record, table, chosen)
        return None if moved.version == table.version else moved

    def choose(self, record: GameRecord, table: Table[Any]) -> tables.BotMove | None:
        return tables.next_bot_move(codec(record.game).rules, table, record.seed)

    async def apply(self, record: GameRecord, table: Table[Any], chosen: tables.BotMove) -> Table[Any]:
        """Append `chosen`, decided on `table`; on a game that moved meanwhile the bot looks again at its head.
        Returns the table at the stream's head (unchanged when the bot had nothing to do there)."""
        rules = codec(record.game).rules

        def decision(current: Table[Any], seen: int = table.version) -> tuple[None, list[Any]]:
            # on a table that moved meanwhile (another process, a person), the bot looks again
            again = chosen if current.version == seen else tables.next_bot_move(rules, current, record.seed)
            if again is None or again.seat != chosen.seat:
                return None, []
            held = again is not chosen and self.runner.holds(record, current, again)
            if held and not closes_window(record.game, chosen.command):
                return None, []  # it would close a trading window: the runner holds it (its next look)
            move = Play(seat=again.seat, command=again.command)
            return None, tables.accept(rules, current, move, "bot", record.seed)

        metadata = {"actor": chosen.seat, "bot": chosen.level}
        moved = await self.transactor.transact(record, decision, metadata, load=Given(table))
        return moved.table
