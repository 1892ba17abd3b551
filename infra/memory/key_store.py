"""API keys in memory: what `infra/key_store.py` keeps in Postgres, beside the memory event store's games."""

from __future__ import annotations

import asyncio

import msgspec

from infra.memory.event_store import MemoryEventStore
from services.ports import ApiKey, StoreUnavailable


class MemoryKeyStore:
    """In the same database as `store`: its games are the keys' games, its clock and `unavailable` switch
    are this store's too."""

    def __init__(self, store: MemoryEventStore) -> None:
        self._store = store
        self._keys: dict[str, ApiKey] = {}  # in creation order
        self._by_hash: dict[bytes, str] = {}

    async def add(self, key_id: str, name: str, key_hash: bytes) -> ApiKey:
        await self._round_trip()
        if key_id in self._keys or key_hash in self._by_hash:
            raise ValueError("an API key with this id or hash exists")  # a unique violation in Postgres
        key = ApiKey(key_id=key_id, name=name, created_at=self._store.clock())
        self._keys[key_id] = key
        self._by_hash[key_hash] = key_id
        return key

    async def by_hash(self, key_hash: bytes) -> ApiKey | None:
        await self._round_trip()
        key_id = self._by_hash.get(key_hash)
        return self._keys[key_id] if key_id is not None else None

    async def all(self) -> list[ApiKey]:
        await self._round_trip()
        return sorted(self._keys.values(), key=lambda k: k.created_at)  # stable: ties stay in creation order

    async def revoke(self, key_id: str) -> ApiKey | None:
        await self._round_trip()
        key = self._keys.get(key_id)
        if key is None:
            return None
        if key.revoked_at is None:  # revoking again keeps the first time
            key = self._keys[key_id] = msgspec.structs.replace(key, revoked_at=self._store.clock())
        return key

    async def games(self, key_id: str, game: str | None, limit: int) -> list[str]:
        await self._round_trip()
        return [r.game_id for r in self._store.newest_first(game) if r.api_key_id == key_id][: max(limit, 0)]

    async def _round_trip(self) -> None:
        await asyncio.sleep(0)
        if self._store.unavailable:
            raise StoreUnavailable("the memory database is switched off")
