"""The turn timer: a background task finds games whose awaited seats let their time run out, and a bot plays.

The clock lives here, never in the domain: the deadline is the `recorded_at` of the game's last event plus
the game's `turn_seconds`. Every API process may run the timer; the expected version makes one of them win.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from domain.kernel import table as tables
from domain.kernel.table import Table
from services.bots import BotPlayer
from services.codec import codec
from services.errors import ServiceError
from services.ports import DueGames
from services.transact import Transactor
from services.writes import TIMER

log = logging.getLogger("tapis.timer")


class TurnTimer:
    def __init__(
        self,
        transactor: Transactor,
        bots: BotPlayer,
        due: DueGames,
        batch: int = 50,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.transactor = transactor
        self.bots = bots
        self.due = due
        self.batch = batch
        self.clock = clock or (lambda: datetime.now(UTC))

    async def run_once(self) -> int:
        """Time out every overdue game once; returns how many games moved."""
        moved = 0
        for game_id, version in await self.due.due(self.clock(), self.batch):
            try:
                moved += await self.expire(game_id, version)
            except ServiceError as exc:  # e.g. a conflict: the next pass sees the game again
                log.info("timer on %s: %s", game_id, exc.message)
        return moved

    async def expire(self, game_id: str, version: int) -> int:
        record = await self.transactor.repo.record(game_id)
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[bool, list[Any]]:
            if table.version != version or table.status != "active":
                return False, []  # someone acted since the scan: the clock starts again
            people = [s for s in rules.awaiting(table.inner) if (taken := table.seats[s]) and taken.bot is None]
            events = tables.play_for_late_seats(rules, table, people, record.seed)
            return bool(events), events

        expired = await self.transactor.on(record).transact(decision, TIMER)
        await self.bots.play(record, expired.table)
        return 1 if expired.result else 0

    async def step(self) -> bool:
        await self.run_once()
        return False
