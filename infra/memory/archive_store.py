"""The archive in memory: what `infra/archive_store.py` does in Postgres, over the memory event store's games."""

from __future__ import annotations

import asyncio
import zlib
from datetime import datetime

from infra.memory.event_store import MemoryEventStore


class MemoryArchive:
    def __init__(self, store: MemoryEventStore) -> None:
        self._store = store
        self._documents: dict[str, bytes] = {}  # compressed, as in the Postgres table

    async def ended_before(self, cutoff: datetime, limit: int) -> list[str]:
        await asyncio.sleep(0)
        return [game_id for _, game_id in sorted(self._store.ended_before(cutoff))[: max(limit, 0)]]

    async def move(self, game_id: str, version: int, finished_at: datetime, document: bytes) -> bool:
        await asyncio.sleep(0)
        # no await from here on: atomic, as the Postgres transaction is
        if game_id in self._documents or not self._store.drop(game_id, version):
            return False
        self._documents[game_id] = zlib.compress(document)
        return True

    async def document(self, game_id: str) -> bytes | None:
        await asyncio.sleep(0)
        found = self._documents.get(game_id)
        return zlib.decompress(found) if found is not None else None
