"""The projections: a game's folded table in Redis, the listing's indexes, the followers' checkpoint."""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from services.ports.events import Checkpoint


class RebuildPlace(msgspec.Struct, frozen=True):
    """How far a `tapis rebuild` got: the log's place up to which it wrote the projections, and the events it has
    folded so far (for its progress). Kept while it runs, so that an interrupted rebuild continues from there."""

    checkpoint: Checkpoint
    done: int = 0


class ProjectionUnavailable(Exception):
    """Redis cannot be reached; callers fall back to the event store."""


class Projections(Protocol):
    """A game's folded table is stored with the fingerprint of the code's state schema: a snapshot written by
    code with another schema (an earlier release) is a miss, and a save with another fingerprint replaces one at
    the same version (a refold after a deploy), never a newer one."""

    async def load(self, game_id: str, fingerprint: str = "") -> tuple[int, bytes] | None:
        """(version, blob), or None: nothing stored, or stored under another fingerprint."""

    async def save(
        self, game_id: str, version: int, blob: bytes, summary: dict[str, Any], fingerprint: str = ""
    ) -> None: ...

    async def summaries(
        self, limit: int, game: str | None = None, status: str | None = None
    ) -> list[dict[str, Any]] | None:
        """The listed (not private) games' summaries, newest first, from the index of that game and status (either
        or both may be None: any); None when nothing was ever projected (after a flush: the caller asks the store)."""

    async def lobbies(self, created_before: float, limit: int) -> list[str]:
        """Games in the lobby, private ones included, created before `created_before` (epoch seconds), oldest first."""

    async def bot_turns(self, waiting_since: float, limit: int) -> list[str]: ...

    async def checkpoint(self) -> Checkpoint: ...

    async def save_checkpoint(self, checkpoint: Checkpoint) -> None: ...

    async def rebuild_place(self) -> RebuildPlace | None:
        """Where an unfinished rebuild stopped; None when none is under way."""

    async def save_rebuild_place(self, place: RebuildPlace | None) -> None:
        """None: the rebuild is over (or abandoned). `reset` leaves the place alone."""

    async def drop(self, game_ids: list[str]) -> None:
        """Forget these games: their states, summaries and places in every index (the listing's, the lobbies', the
        bot turns'). For archived games (services/archive.py), whose reads refold them from the archive."""

    async def reset(self) -> None: ...

    async def ping(self) -> None: ...
