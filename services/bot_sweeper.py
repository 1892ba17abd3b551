"""Wakes bots that nobody woke: a game left waiting on a bot after its request died.

Bots normally move inside the request that made them due (`GameCommands.run_bots`). If that process dies,
or Postgres fails, between a player's command and the bots' replies, the game would wait forever: every
projection records whether a bot is awaited, and this task plays those left waiting past a grace period.
Every API process runs it; the expected version makes one of them win each move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from services.commands import GameCommands
from services.errors import ServiceError
from services.ports import ProjectionUnavailable, StoreUnavailable

log = logging.getLogger("tapis.bots")


class BotSweeper:
    def __init__(
        self, commands: GameCommands, grace: float = 5.0, batch: int = 50, clock: Callable[[], float] = time.time
    ) -> None:
        self.commands = commands
        self.grace = grace
        self.batch = batch
        self.clock = clock

    async def run_once(self) -> int:
        """Play the bots of every game stalled on them; returns how many games were woken."""
        repo = self.commands.repo
        woken = 0
        for game_id in await repo.projections.bot_turns(self.clock() - self.grace, self.batch):
            try:
                record = await repo.record(game_id)
                table = await repo.catch_up(await repo.table(record))
                await self.commands.run_bots(record, table)
                woken += 1
            except ServiceError as exc:  # a conflict or a vanished game: the next pass looks again
                log.info("bots of %s: %s", game_id, exc.message)
        return woken

    async def run_forever(self, stop: asyncio.Event, interval: float) -> None:
        while not stop.is_set():
            try:
                await self.run_once()
            except (ProjectionUnavailable, StoreUnavailable) as exc:
                log.info("bot sweeper waiting: %s", exc)
            except Exception:
                log.exception("bot sweeper step failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=interval)
