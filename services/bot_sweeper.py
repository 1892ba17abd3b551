"""Wakes bots that nobody woke: a game left waiting on a bot after its request died.

Bots normally move in the request that made them due (`BotPlayer.play`, a few moves) and then in the background
of that process (services/bot_runner.py). If that process dies, or Postgres fails, between a player's command and
the bots' replies, the game would wait forever: every projection records whether a bot is awaited, and this task
plays those left waiting past a grace period, as a request would (a few moves, the rest to this process' runner).
Every API process runs it; the expected version makes one of them win each move. A game this process' runner is
playing already (pausing between moves at a table with people) is left to it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from services.bots import BotPlayer
from services.errors import ServiceError
from services.ports import Projections
from services.repository import Repository

log = logging.getLogger("tapis.bots")


class BotSweeper:
    def __init__(
        self,
        repo: Repository,
        bots: BotPlayer,
        schedule: Projections,
        grace: float = 5.0,
        batch: int = 50,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.repo = repo
        self.bots = bots
        self.schedule = schedule  # the projections' index of games awaiting a bot
        self.grace = grace
        self.batch = batch
        self.clock = clock

    async def run_once(self) -> int:
        """Play the bots of every game stalled on them; returns how many games were woken."""
        woken = 0
        for game_id in await self.schedule.bot_turns(self.clock() - self.grace, self.batch):
            if self.bots.runner.playing(game_id):
                continue
            try:
                record = await self.repo.record(game_id)
                table = await self.repo.catch_up(await self.repo.table(record))
                await self.bots.play(record, table)
                woken += 1
            except ServiceError as exc:  # a conflict or a vanished game: the next pass looks again
                log.info("bots of %s: %s", game_id, exc.message)
        return woken

    async def step(self) -> bool:
        await self.run_once()
        return False
