"""Lobby games nobody starts expire: a background task appends `LobbyExpired` to each game left in its lobby for
longer than `TAPIS_LOBBY_TTL_SECONDS` (a day by default) since it was created.

The clock lives here, never in the domain (as the turn timer's): the projection keeps every lobby game, private ones
included, in a set scored by when it was created (`Projections.lobbies`), and the expiry is a table command
(`Expire`, recorded by "timer") decided through `accept` like every other. Every API process runs the task; the
expected version makes one of them win, and a game that left its lobby meanwhile (started) changes nothing. After
it, joins, starts, leaves and seat removals are refused `game_expired`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from cachetools import LRUCache

from domain.kernel import table as tables
from domain.kernel.table import Table
from domain.kernel.table_commands import Expire
from services.codec import codec
from services.errors import NotFound, ServiceError
from services.ports import Projections
from services.transact import Transactor
from services.writes import LOBBY

log = logging.getLogger("tapis.lobby")


class LobbySweeper:
    """`ttl` seconds (0 or less: lobbies never expire); `clock` in epoch seconds, as the projection's scores."""

    def __init__(
        self,
        transactor: Transactor,
        schedule: Projections,
        ttl: float,
        batch: int = 50,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.transactor = transactor
        self.repo = transactor.repo
        self.schedule = schedule  # the projections' set of every lobby game, by creation
        self.ttl = ttl
        self.batch = batch
        self.clock = clock
        # ids the lobby set holds that no store knows (a Redis shared with another database): passed over, so that
        # they never fill a batch
        self._unknown: LRUCache[str, bool] = LRUCache(maxsize=10_000)

    async def run_once(self) -> int:
        """Expire every lobby past its time; returns how many games expired."""
        if self.ttl <= 0:
            return 0
        expired = 0
        due = await self.schedule.lobbies(self.clock() - self.ttl, self.batch + len(self._unknown))
        for game_id in (g for g in due if g not in self._unknown):
            try:
                expired += await self.expire(game_id)
            except NotFound:
                self._unknown[game_id] = True
            except ServiceError as exc:  # a conflict: the next pass sees the game again
                log.info("lobby expiry of %s: %s", game_id, exc.message)
        return expired

    async def expire(self, game_id: str) -> int:
        record = await self.repo.record(game_id)
        rules = codec(record.game).rules

        def decision(table: Table[Any]) -> tuple[bool, list[Any]]:
            if table.status != "lobby":
                return False, []  # started (or expired by another process) since the scan
            return True, tables.accept(rules, table, Expire(), "timer", record.seed)

        done = await self.transactor.on(record).transact(decision, LOBBY)
        return 1 if done.result else 0

    async def step(self) -> bool:
        """True when a full batch expired: more may be waiting, and the loop runs again at once."""
        return await self.run_once() >= self.batch
