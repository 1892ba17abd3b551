"""API keys in Postgres (the `api_keys` table): only the SHA-256 of a key is stored."""

from __future__ import annotations

import asyncpg

from infra.driver_errors import postgres_errors
from services.ports import ApiKey


def _key(row: asyncpg.Record) -> ApiKey:
    return ApiKey(key_id=row["key_id"], name=row["name"], created_at=row["created_at"], revoked_at=row["revoked_at"])


class PostgresKeyStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def add(self, key_id: str, name: str, key_hash: bytes) -> ApiKey:
        with postgres_errors():
            row = await self._pool.fetchrow(
                "INSERT INTO api_keys (key_id, name, key_hash) VALUES ($1, $2, $3)"
                " RETURNING key_id, name, created_at, revoked_at",
                key_id,
                name,
                key_hash,
            )
        return _key(row)

    async def by_hash(self, key_hash: bytes) -> ApiKey | None:
        with postgres_errors():
            row = await self._pool.fetchrow(
                "SELECT key_id, name, created_at, revoked_at FROM api_keys WHERE key_hash = $1", key_hash
            )
        return _key(row) if row else None

    async def all(self) -> list[ApiKey]:
        with postgres_errors():
            rows = await self._pool.fetch(
                "SELECT key_id, name, created_at, revoked_at FROM api_keys ORDER BY created_at"
            )
        return [_key(r) for r in rows]

    async def revoke(self, key_id: str) -> ApiKey | None:
        # the first revocation's time stays; two statements, not coalesce(revoked_at, now()): on Citus, api_keys
        # is a reference table, and Citus refuses a function of the time inside COALESCE in an UPDATE
        with postgres_errors():
            row = await self._pool.fetchrow(
                "UPDATE api_keys SET revoked_at = now() WHERE key_id = $1 AND revoked_at IS NULL"
                " RETURNING key_id, name, created_at, revoked_at",
                key_id,
            )
            if row is None:  # revoked already (or no such key)
                row = await self._pool.fetchrow(
                    "SELECT key_id, name, created_at, revoked_at FROM api_keys WHERE key_id = $1", key_id
                )
        return _key(row) if row else None

    async def games(self, key_id: str, game: str | None, limit: int) -> list[str]:
        with postgres_errors():
            rows = await self._pool.fetch(
                "SELECT game_id FROM games WHERE api_key_id = $1 AND ($2::text IS NULL OR game = $2)"
                " ORDER BY created_at DESC LIMIT $3",
                key_id,
                game,
                limit,
            )
        return [r["game_id"] for r in rows]
