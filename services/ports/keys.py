"""Portal API keys."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import msgspec


class ApiKey(msgspec.Struct, frozen=True):
    key_id: str
    name: str
    created_at: datetime
    revoked_at: datetime | None = None


class KeyStore(Protocol):
    async def add(self, key_id: str, name: str, key_hash: bytes) -> ApiKey: ...

    async def by_hash(self, key_hash: bytes) -> ApiKey | None: ...

    async def all(self) -> list[ApiKey]: ...

    async def revoke(self, key_id: str) -> ApiKey | None: ...

    async def games(self, key_id: str, game: str | None, limit: int) -> list[str]: ...
