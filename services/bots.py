"""Bots play through the same transaction as people: each move is decided, appended and projected in turn."""

from __future__ import annotations

from typing import Any

from domain.kernel import table as tables
from domain.kernel.table import Table
from domain.kernel.table_commands import Play
from services.codec import codec
from services.ports import GameRecord
from services.transact import Given, Transactor


class BotPlayer:
    def __init__(self, transactor: Transactor, moves_per_call: int) -> None:
        self.transactor = transactor
        self.moves_per_call = moves_per_call

    async def play(self, record: GameRecord, table: Table[Any]) -> Table[Any]:
        """Play every bot that has a move, up to `moves_per_call`; returns the table they leave."""
        rules = codec(record.game).rules
        for _ in range(self.moves_per_call):
            chosen = tables.next_bot_move(rules, table, record.seed)
            if chosen is None:
                return table

            def decision(
                current: Table[Any], chosen: tables.BotMove = chosen, seen: int = table.version
            ) -> tuple[None, list[Any]]:
                # on a table that moved meanwhile (another process), the bot looks again
                again = chosen if current.version == seen else tables.next_bot_move(rules, current, record.seed)
                if again is None or again.seat != chosen.seat:
                    return None, []
                move = Play(seat=again.seat, command=again.command)
                return None, tables.accept(rules, current, move, "bot", record.seed)

            metadata = {"actor": chosen.seat, "bot": chosen.level}
            moved = await self.transactor.transact(record, decision, metadata, load=Given(table))
            if moved.table.version == table.version:
                return table  # the bot had nothing to do on the stream's head
            table = moved.table
        return table
