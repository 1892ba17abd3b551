"""The turn timer: a background task finds games whose awaited seats let their time run out, and a bot plays.

The clock lives here, never in the domain: the deadline is the `recorded_at` of the game's last event plus
the game's `turn_seconds`. Every API process may run the timer; the expected version makes one of them win.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Protocol

from domain.kernel import table as tables
from domain.kernel.table import Table
from services.codec import codec
from services.commands import GameCommands
from services.errors import ServiceError
from services.ports import ProjectionUnavailable, StoreUnavailable

log = logging.getLogger("tapis.timer")


class DueGames(Protocol):
    async def due(self, now: datetime, limit: int) -> list[tuple[str, int]]:
        """(game id, version) of running timed games whose last event is older than their turn timer."""


class TurnTimer:
    def __init__(
        self, commands: GameCommands, due: DueGames, batch: int = 50, clock: Callable[[], datetime] | None = None
    ) -> None:
        self.commands = commands
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
        repo = self.commands.repo
        record = await repo.record(game_id)
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> list[Any]:
            if table.version != version or table.status != "active":
                return []  # someone acted since the scan: the clock starts again
            people = [s for s in rules.awaiting(table.inner) if (taken := table.seats[s]) and taken.bot is None]
            return tables.time_out(rules, table, people, record.seed)

        committed = await self.commands._commit_loop(record, decision, {"actor": "timer"})
        await self.commands.run_bots(record, committed.table)
        return 1 if committed.events else 0

    async def run_forever(self, stop: asyncio.Event, interval: float) -> None:
        while not stop.is_set():
            try:
                await self.run_once()
            except (ProjectionUnavailable, StoreUnavailable) as exc:
                log.info("timer waiting: %s", exc)
            except Exception:
                log.exception("timer step failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=interval)
