"""Bot moves off the request path: a request plays a few bot moves (`BotPlayer.play`), this plays on in the background.

One task per game at a time: a game woken while its task runs is looked at again by that task before it ends, so
no move is played twice and none is left behind. At most `concurrency` bot moves are in progress at once in the
process, and every task yields after each move, so the requests of people are served between two bot moves
instead of behind a whole game. Each move is one transaction (`Transactor.transact`, `tables.accept` by "bot"):
a game another process moved meanwhile is caught up with and decided again. At a table with at least one person,
each move waits `think` seconds first, so that a person can follow the bots on the live stream; bot-only tables
never wait.

**The trading window.** At a table with a person, a bot's move that would close its trading phase (bohnanza's
`end_trading`: `WINDOW_CLOSERS`) is held, so that the people can answer the bot's offers and propose to it: the
runner plays it only once `window` seconds have passed since it first chose it for that game (about when the
phase opened: a bot's gifts come first and are not held) and, while it waits, a wake (a person's command) makes it
look again at once: the bot answers a proposal to it (`accept_trade` / `decline_trade`, its awaited move) and goes
back to holding, under the same deadline. The rules have no "pass" for the other players, so the window runs its
time. `BotPlayer.play` never plays a held move inline (it hands the game to the runner), so neither a request nor
the bot sweeper of any process (which plays through `BotPlayer.play`) can end a window early; the sweeper skips a
game this runner holds (`playing`), and another process' sweeper only hands the game to its own runner, which holds
it again. Bot-only tables, and a process without a running runner (the CLI, simulations), never hold.

The runner works while `run` runs: `bootstrap.background` starts it in every API process. A process without it
(the CLI, the tools, in-process tests) has nowhere to hand moves to, and `BotPlayer.play` plays them all in the
call, as before. A task that fails (Postgres down, a conflict past the retries) leaves the game to the bot sweeper
(services/bot_sweeper.py), the safety net for a process that died with games in its runner.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from domain.kernel.errors import RuleViolation
from domain.kernel.table import BotMove, Table
from services.background import WAITING
from services.errors import ServiceError
from services.ports import SYSTEM_CLOCK, Clock, GameRecord, Mover
from services.waiting import until, wait

log = logging.getLogger("tapis.bots")

STOP_GRACE = 5.0  # seconds the games' tasks get, at shutdown, to finish the move they are in


# per game, the command types (their tags) that close a trading phase: held for the people at the table
WINDOW_CLOSERS: dict[str, frozenset[str]] = {"bohnanza": frozenset({"end_trading"})}


def has_person(table: Table[Any]) -> bool:
    return any(seat is not None and seat.bot is None for seat in table.seats)


def closes_window(game: str, command: Any) -> bool:
    """Would `command` close the game's trading phase?"""
    config = getattr(type(command), "__struct_config__", None)
    return config is not None and config.tag in WINDOW_CLOSERS.get(game, frozenset())


class BotRunner:
    def __init__(
        self,
        mover: Mover,
        concurrency: int = 2,
        think: float = 0.0,
        window: float = 0.0,
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.mover = mover
        self.think = think
        self.window = window
        self.clock = clock
        self._windows: dict[str, float] = {}  # game id -> the deadline of the trading window its bot holds
        self._woken: dict[str, asyncio.Event] = {}  # game id -> set by `wake` while the game's task holds
        self.concurrency = max(concurrency, 1)
        self._slots = asyncio.Semaphore(self.concurrency)
        self._games: dict[str, asyncio.Task[None]] = {}
        self._newer: dict[str, Table[Any]] = {}  # woken while its task ran: the table to look at again
        self._stopping = asyncio.Event()
        self.running = False

    def wake(self, record: GameRecord, table: Table[Any]) -> bool:
        """Play the game's bots on from `table` in the background; False when the runner is not running."""
        if not self.running:
            return False
        game_id = record.game_id
        if game_id in self._games:
            known = self._newer.get(game_id)
            if known is None or known.version < table.version:
                self._newer[game_id] = table
            woken = self._woken.get(game_id)
            if woken is not None:
                woken.set()
            return True
        self._games[game_id] = asyncio.create_task(self._game(record, table), name=f"bots:{game_id}")
        return True

    def playing(self, game_id: str) -> bool:
        """Is a task of this runner playing the game's bots?"""
        return game_id in self._games

    def holds(self, record: GameRecord, table: Table[Any], chosen: BotMove) -> bool:
        """Is `chosen` a move this runner holds for the trading window (it closes trading at a table with people)?"""
        return self.running and self.window > 0 and has_person(table) and closes_window(record.game, chosen.command)

    def holding(self, game_id: str) -> float | None:
        """The deadline (`clock.monotonic()`) of the trading window the game's bot holds here, or None."""
        return self._windows.get(game_id)

    def busy(self) -> int:
        """How many games this runner is playing now."""
        return len(self._games)

    async def settle(self) -> None:
        """Wait until no game has bots to play in this runner (tests and benchmarks)."""
        while self._games:
            await asyncio.gather(*self._games.values(), return_exceptions=True)

    def start(self) -> None:
        # made anew for the loop that runs the tasks from now on
        self._slots = asyncio.Semaphore(self.concurrency)
        self._stopping = asyncio.Event()
        self.running = True

    async def stop(self) -> None:
        """Take no more games, let each task finish the move it is in (a think pause ends at once), then cancel."""
        self.running = False
        self._stopping.set()
        for woken in self._woken.values():
            woken.set()
        tasks = list(self._games.values())
        if tasks:
            await wait(self.clock, tasks, STOP_GRACE)
            pending = [task for task in tasks if not task.done()]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        self._games.clear()
        self._newer.clear()
        self._windows.clear()

    async def run(self, stop: asyncio.Event) -> None:
        """The background task of `bootstrap.background`: the runner works until `stop` is set."""
        self.start()
        try:
            await stop.wait()
        finally:
            await self.stop()

    async def _game(self, record: GameRecord, table: Table[Any]) -> None:
        game_id = record.game_id
        try:
            while True:
                table = await self._play_out(record, table)
                newer = self._newer.pop(game_id, None)
                if newer is None or not self.running:
                    return  # and, with no await in between, out of `_games`: a later wake starts a new task
                if newer.version > table.version:
                    table = newer
        except WAITING as exc:
            log.info("bots of %s wait for the sweeper: %s", game_id, exc)
        except (ServiceError, RuleViolation) as exc:
            log.info("bots of %s: %s", game_id, exc)
        except Exception:
            log.exception("bots of %s failed", game_id)
        finally:
            self._games.pop(game_id, None)
            self._windows.pop(game_id, None)

    async def _play_out(self, record: GameRecord, table: Table[Any]) -> Table[Any]:
        """Every bot move due from `table` on; returns the table the last one left."""
        while self.running:
            async with self._slots:
                chosen = await self.mover.choose(record, table)
            if chosen is None:
                return table
            if self.holds(record, table, chosen):
                deadline = self._windows.setdefault(record.game_id, self.clock.monotonic() + self.window)
                if self.clock.monotonic() < deadline:
                    newer = await self._hold(record.game_id, deadline - self.clock.monotonic())
                    if newer is not None and newer.version > table.version:
                        table = newer
                    continue  # look again: answer what a person did, or hold on, or close the window
            if self.think > 0 and has_person(table):
                await until(self.clock, self._stopping, self.think)
                if not self.running:
                    break
            async with self._slots:
                moved = await self.mover.apply(record, table, chosen)
            if moved.version == table.version:
                return table
            if closes_window(record.game, chosen.command):
                self._windows.pop(record.game_id, None)
            table = moved
            await asyncio.sleep(0)  # the requests waiting for the loop go before the next move
        return table

    async def _hold(self, game_id: str, seconds: float) -> Table[Any] | None:
        """Wait until the window's deadline, a wake (returns the table it brought) or the runner's stop."""
        newer = self._newer.pop(game_id, None)
        if newer is not None:
            return newer
        woken = asyncio.Event()
        self._woken[game_id] = woken
        try:
            if self.running:
                await until(self.clock, woken, seconds)
        finally:
            self._woken.pop(game_id, None)
        return self._newer.pop(game_id, None)
