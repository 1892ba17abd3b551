"""The turn timer's clock: the games whose turn ran out."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol


class DueGames(Protocol):
    async def due(self, now: datetime, limit: int) -> list[tuple[str, int]]:
        """(game id, version) of running timed games whose last event is older than their turn timer."""
