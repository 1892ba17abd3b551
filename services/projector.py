"""The catch-up projector: follows the global log from a checkpoint and repairs Redis projections.

Inline projection after each command gives read-your-writes; this loop makes sure nothing is lost
when an inline write failed or Redis was flushed, and `rebuild` restores every projection from Postgres.
"""

from __future__ import annotations

import logging
from itertools import groupby

from domain.games.registry import GAMES
from services.codec import codec
from services.export_check import imported
from services.ports import Checkpoint, EventStore, LogEntry, Projections, ProjectionUnavailable, StoreUnavailable
from services.rebuild import Rebuilder, Report
from services.repository import Repository

log = logging.getLogger("tapis.projector")


class Projector:
    """Follows `log` (the event store's global log) from the checkpoint kept in `projections`; the games it folds
    are loaded and projected through `repo`, whose caches learn what it did."""

    def __init__(self, repo: Repository, log: EventStore, projections: Projections, batch: int = 500) -> None:
        self.repo = repo
        self.log = log
        self.projections = projections
        self.batch = batch

    async def run_once(self) -> int:
        """Project one batch of the global log; returns how many events it read."""
        checkpoint = await self.projections.checkpoint()
        if checkpoint == Checkpoint():
            # a Redis without a checkpoint lost the projections too: what this process wrote is gone
            self.repo.forget_projected()
        recorded = await self.log.read_log(checkpoint, self.batch)
        if not recorded:
            return 0
        ordered = sorted(recorded, key=lambda r: r.stream_id)
        for stream_id, group in groupby(ordered, key=lambda r: r.stream_id):
            try:
                await self._project_stream(stream_id, list(group))
            except (ProjectionUnavailable, StoreUnavailable):
                raise  # retried from the same checkpoint
            except Exception:
                # one broken stream must not stop the projection of all the others
                log.exception("cannot project stream %s; skipped", stream_id)
        await self.projections.save_checkpoint(checkpoint.advanced(recorded))
        return len(recorded)

    async def _project_stream(self, stream_id: str, entries: list[LogEntry]) -> None:
        if any(e.type == "PlayerLeft" for e in entries):
            self.repo.forget(stream_id)  # another process let a seat go: its token is no longer valid here either
        newest = max(e.version for e in entries)
        if self.repo.projected(stream_id) >= newest:
            return  # this process projected these events inline as it appended them
        record = await self.repo.record(stream_id)  # cached: no round trip for a game this process serves
        if record.game not in GAMES:
            return
        game_codec = codec(record.game)
        loaded = await self.repo.snapshot(record)
        if loaded is not None and loaded[0] >= newest:
            return  # another process did: nothing to fetch or decode
        if loaded is None:
            table = await self.repo.replay(stream_id, game_codec, upto=newest)
        else:
            table = await self.repo.catch_up(game_codec.table(loaded[1]))
        await self.repo.project(table, imported=imported(record))

    async def catch_up(self) -> int:
        total = 0
        while True:
            n = await self.run_once()
            total += n
            if n < self.batch:
                return total

    async def step(self) -> bool:
        """One batch; True when the batch was full (more is waiting)."""
        return await self.run_once() >= self.batch  # a log read shard by shard gives up to `batch` per shard

    async def rebuild(self, from_scratch: bool = False, report: Report | None = None) -> int:
        """Forget every projection and fold them again from the event store, streaming the log (services/rebuild.py);
        an unfinished rebuild is continued unless `from_scratch`. Returns the events folded."""
        return await Rebuilder(self.repo, self.log, self.projections).run(from_scratch=from_scratch, report=report)
