"""The archive: finished games out of the hot tables, one export document each."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol


class Archive(Protocol):
    """Finished games out of the hot tables (docs/archive.md): one export document per game."""

    async def ended_before(self, cutoff: datetime, limit: int) -> list[str]:
        """Games in the hot tables whose GameEnded was recorded before `cutoff`, oldest end first."""

    async def move(self, game_id: str, version: int, finished_at: datetime, document: bytes) -> bool:
        """In one transaction: the document into the archive and the game out of the hot tables (record, events,
        seat tokens, idempotency keys); False, and nothing changed, when the game is no longer at `version`."""

    async def document(self, game_id: str) -> bytes | None:
        """The archived game's export document, or None."""
