"""Moving finished games out of the hot tables into the archive (docs/archive.md): `tapis archive` and the
periodic task (`TAPIS_ARCHIVE_AFTER_SECONDS`).

Each game goes in its own transaction, as its export document: the archive then serves view, events, replay,
audit and export of it through the repository, and an import of that document elsewhere restores it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from services.export import GameExports
from services.export_format import encode_document
from services.ports import Archive
from services.repository import Repository

log = logging.getLogger("tapis.archive")
BATCH = 100


def now_utc() -> datetime:
    return datetime.now(UTC)


class Archiver:
    def __init__(
        self,
        repo: Repository,
        exports: GameExports,
        archive: Archive,
        after_seconds: float | None = None,
        clock: Callable[[], datetime] = now_utc,
    ) -> None:
        self.repo = repo
        self.exports = exports
        self.archive = archive
        self.after_seconds = after_seconds
        self.clock = clock

    async def archive_older_than(self, seconds: float, limit: int = BATCH) -> list[str]:
        """Archive up to `limit` games that ended more than `seconds` ago; the ids moved."""
        cutoff = self.clock() - timedelta(seconds=seconds)
        moved = []
        for game_id in await self.archive.ended_before(cutoff, limit):
            document = await self.exports.document(game_id, None)
            ended = next((e for e in document.events if e.type == "GameEnded"), None)
            if not document.finished or ended is None:
                continue  # ended, yet not finished by its rules: left where it is, for someone to look at
            version = len(document.events)
            # a game that moved since its export (a rematch was asked for) stays, to be tried again next time
            ended_at = datetime.fromisoformat(ended.recorded_at)
            if await self.archive.move(game_id, version, ended_at, encode_document(document)):
                self.repo.forget(game_id)
                moved.append(game_id)
        if moved:
            await self.repo.unproject(moved)  # Redis keeps nothing of an archived game (docs/archive.md)
        return moved

    async def step(self) -> bool:
        """The periodic task's step: True when a full batch went (more may be waiting)."""
        if self.after_seconds is None:
            return False
        moved = await self.archive_older_than(self.after_seconds)
        if moved:
            log.info("archived %d finished games", len(moved))
        return len(moved) == BATCH
