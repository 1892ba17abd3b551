"""`tapis rebuild`: every Redis projection folded again from the event store, by streaming the global log.

The catch-up projector repairs a few games at a time: per game in a batch it reads the game's record, its projection
and its stream, one round trip each. A rebuild touches every game, so it reads the log itself in pages, events and
data at once, keeps the tables it is folding in memory (the most recently touched ones: a log interleaves the games
in play, and a game's next events are usually a page or two away), and writes each page's changed tables to Redis
while it reads and folds the next page.

After each page's tables are written it saves its place in the log (`RebuildPlace`, in Redis beside the projector's
checkpoint): an interrupted rebuild (^C, a lost connection, a killed process) continues from there the next time,
unless told to start from scratch. The tables it held in memory are then read back from the projections it wrote.
Once the whole log is folded, the catch-up projector's checkpoint is set where the rebuild ended and the place is
removed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cachetools import LRUCache

from domain.games.registry import GAMES
from domain.kernel.table import Table
from services.codec import codec, encode_table
from services.export_check import imported
from services.ports import Checkpoint, EventStore, GameRecord, Projections, RebuildPlace, RecordedEvent
from services.repository import Repository, summary

log = logging.getLogger("tapis.rebuild")


@dataclass(frozen=True)
class Progress:
    """What a rebuild has done: `done` of `total` events (the whole log, those folded before a resume included);
    `this_run` of them folded in `seconds` by this run."""

    done: int
    total: int
    this_run: int
    seconds: float
    resumed: bool

    @property
    def rate(self) -> float:
        """Events per second of this run."""
        return self.this_run / self.seconds if self.seconds > 0 else 0.0

    @property
    def eta(self) -> float | None:
        """Seconds left at this run's rate; None before there is a rate."""
        rate = self.rate
        return max(self.total - self.done, 0) / rate if rate > 0 else None


Report = Callable[[Progress], None]


class Rebuilder:
    """`page` events read at once; the changed tables written every `flush_every` events folded (a game in play is
    touched on most pages: one write for many pages), or sooner when `cached` tables wait to be written; `cached`
    tables kept in memory between pages. It reads `log` (the event store's global log and its games' records) and
    writes `projections` directly; `repo` replays a game and reads a projection back."""

    def __init__(
        self,
        repo: Repository,
        log: EventStore,
        projections: Projections,
        page: int = 5_000,
        cached: int = 20_000,
        flush_every: int = 50_000,
    ) -> None:
        self.repo = repo
        self.log = log
        self.projections = projections
        self.page = page
        self.cached = cached
        self.flush_every = flush_every

    async def run(self, from_scratch: bool = False, report: Report | None = None) -> int:
        """Fold the log into the projections (continuing an unfinished rebuild unless `from_scratch`); returns the
        events folded, by this run and the runs it continues."""
        projections = self.projections
        place = None if from_scratch else await projections.rebuild_place()
        resumed = place is not None
        if place is None:
            place = RebuildPlace(Checkpoint())
            # the place first: a rebuild interrupted during the reset continues (and finishes the reset's work)
            await projections.save_rebuild_place(place)
            await projections.reset()
        total = max(await self.log.log_size(), place.done)
        run = _Run(self, place, total, resumed, report)
        await run.stream(self.page, self.flush_every)
        await projections.save_checkpoint(run.place.checkpoint)
        await projections.save_rebuild_place(None)
        return run.place.done


Changed = dict[str, tuple[GameRecord, Table[Any]]]


class _Run:
    def __init__(
        self, rebuilder: Rebuilder, place: RebuildPlace, total: int, resumed: bool, report: Report | None
    ) -> None:
        self.repo, self.log, self.projections = rebuilder.repo, rebuilder.log, rebuilder.projections
        cached = self.cached = rebuilder.cached
        self.place = place  # what is written: the projections hold the log up to its checkpoint
        self.folded = place.done  # what is folded (in memory, some of it not written yet)
        self.total = total
        self.resumed = resumed
        self.report = report
        self.started = time.perf_counter()
        self.first_done = place.done
        self.tables: OrderedDict[str, Table[Any]] = OrderedDict()  # most recently touched last
        self.dirty: Changed = {}  # folded since the last write began
        self.flushing: Changed = {}  # being written
        # the games' records, as many as tables (a log of millions of games must not keep them all); None: a game
        # this server does not fold
        self.records: LRUCache[str, GameRecord | None] = LRUCache(maxsize=max(cached, 1))
        self.broken: set[str] = set()

    async def stream(self, page: int, flush_every: int) -> None:
        checkpoint = self.place.checkpoint
        reading = asyncio.create_task(self._read(checkpoint, page))
        writing: asyncio.Task[None] | None = None
        try:
            while True:
                checkpoint, recorded = await reading
                if not recorded:
                    break
                # the next page is read while this one is folded, and the tables written while the next are folded
                reading = asyncio.create_task(self._read(checkpoint, page))
                await self._fold(recorded)
                self.folded += len(recorded)
                self._tell()
                if self.folded - self.place.done >= flush_every or len(self.dirty) >= self.cached:
                    if writing is not None:
                        await writing
                    writing = asyncio.create_task(self._write(self._take(), RebuildPlace(checkpoint, self.folded)))
            if writing is not None:
                task, writing = writing, None
                await task  # a failed write fails the run, before the place is removed
            await self._write(self._take(), RebuildPlace(checkpoint, self.folded))
        finally:
            reading.cancel()
            if writing is not None:
                # the tables being written keep their place: a run stopped now continues after them
                with contextlib.suppress(Exception):
                    await writing

    async def _read(self, after: Checkpoint, page: int) -> tuple[Checkpoint, list[RecordedEvent]]:
        """The next page of the log, whole events in the log's order, and the place after it."""
        return await self.log.read_log_events(after, page)

    async def _fold(self, recorded: list[RecordedEvent]) -> None:
        streams: dict[str, list[RecordedEvent]] = {}
        for event in recorded:
            streams.setdefault(event.stream_id, []).append(event)
        records = await self._records_of(list(streams))
        for stream_id, events in streams.items():
            record = records[stream_id]
            if record is None or stream_id in self.broken:
                continue
            try:
                table = await self._advance(record, events)
            except Exception:
                # one broken stream must not stop the rebuild of all the others (as the catch-up projector)
                log.exception("cannot fold stream %s; skipped", stream_id)
                self.broken.add(stream_id)
                continue
            if table is not None:
                self.dirty[stream_id] = (record, table)
                self._keep(stream_id, table)

    async def _records_of(self, stream_ids: list[str]) -> dict[str, GameRecord | None]:
        """The page's games' records: remembered, else read (side by side)."""
        found = {s: self.records[s] for s in stream_ids if s in self.records}
        missing = [s for s in stream_ids if s not in found]
        for stream_id, record in zip(missing, await asyncio.gather(*(self.log.game(s) for s in missing)), strict=True):
            found[stream_id] = self.records[stream_id] = record if record is not None and record.game in GAMES else None
        return found

    async def _advance(self, record: GameRecord, events: list[RecordedEvent]) -> Table[Any] | None:
        """The game's table moved on by `events` (the next ones of its stream); None when its projection is at
        or past them already (another process wrote it meanwhile)."""
        game_codec = codec(record.game)
        table = self._held(record.game_id)
        first = events[0].version
        if table is None and first == 1:
            return game_codec.fold(events)
        if table is None:
            # a game begun before this run's first page (a resumed rebuild, or one evicted from memory): the
            # projection written for it holds it up to where this run's place is
            loaded = await self.repo.snapshot(record)
            if loaded is not None and loaded[0] >= events[-1].version:
                return None
            if loaded is not None and loaded[0] == first - 1:
                table = game_codec.table(loaded[1])
            else:
                return await self.repo.replay(record.game_id, game_codec, upto=events[-1].version)
        if table.version >= events[-1].version:
            return None
        later = [e for e in events if e.version > table.version]
        if later[0].version != table.version + 1:
            return await self.repo.replay(record.game_id, game_codec, upto=events[-1].version)
        return game_codec.evolve(table, later)

    def _held(self, game_id: str) -> Table[Any] | None:
        """The game's table as this run last folded it, if still in memory (written or not)."""
        table = self.tables.get(game_id)
        if table is None:
            held = self.dirty.get(game_id) or self.flushing.get(game_id)
            table = held[1] if held is not None else None
        return table

    def _keep(self, stream_id: str, table: Table[Any]) -> None:
        self.tables[stream_id] = table
        self.tables.move_to_end(stream_id)
        while len(self.tables) > self.cached:
            # a table not written yet stays in `dirty` until it is; once written, read back from Redis if needed
            self.tables.popitem(last=False)

    def _take(self) -> Changed:
        """The tables to write now: from here on they are `flushing`, and what is folded next is `dirty` again."""
        self.flushing, self.dirty = self.dirty, {}
        return self.flushing

    async def _write(self, changed: Changed, place: RebuildPlace) -> None:
        """The tables folded since the last write into Redis (concurrent saves share script calls:
        infra/batching.py), then `place`. Not `Repository.project`, which only logs a failed write: here the place
        must not move past a table that was not written, so the failure stops the run."""
        projections = self.projections
        await asyncio.gather(
            *(
                projections.save(
                    table.game_id,
                    table.version,
                    encode_table(table),
                    summary(table, imported(record)),
                    codec(table.game).fingerprint,
                )
                for record, table in changed.values()
            )
        )
        if self.flushing is changed:
            self.flushing = {}
        await projections.save_rebuild_place(place)
        # followers in the API processes (their catch-up projector) skip what the rebuild wrote
        await projections.save_checkpoint(place.checkpoint)
        self.place = place

    def _tell(self) -> None:
        if self.report is None:
            return
        done = self.folded
        self.report(
            Progress(
                done=done,
                total=max(self.total, done),
                this_run=done - self.first_done,
                seconds=time.perf_counter() - self.started,
                resumed=self.resumed,
            )
        )
