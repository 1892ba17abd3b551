"""Portal API keys: created and revoked by the operator (`tapis keys`), shown once, stored as SHA-256.

Keys from `TAPIS_API_KEYS` keep working beside the table; their id is derived from the key the same way.
"""

from __future__ import annotations

import secrets

from services.auth import api_key_id, check_api_key, token_hash
from services.errors import Unauthorized
from services.ports import ApiKey, KeyStore

KEY_PREFIX = "tpk_"


def new_api_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


class PortalKeys:
    def __init__(self, store: KeyStore, configured: tuple[str, ...], required: bool) -> None:
        self.store = store
        self.configured = configured
        self.required = required

    async def create(self, name: str) -> tuple[ApiKey, str]:
        key = new_api_key()
        return await self.store.add(api_key_id(key), name, token_hash(key)), key

    async def identify(self, presented: str | None) -> str | None:
        """The key id of a valid presented key; None when none was presented; 401 for a bad or revoked one."""
        if presented is None:
            return None
        configured = check_api_key(presented, self.configured)
        if configured is not None:
            return configured
        stored = await self.store.by_hash(token_hash(presented))
        if stored is None:
            raise Unauthorized("this API key is not known", code="invalid_api_key")
        if stored.revoked_at is not None:
            raise Unauthorized("this API key has been revoked", code="revoked_api_key")
        return stored.key_id

    async def for_creation(self, presented: str | None) -> str | None:
        key_id = await self.identify(presented)
        if key_id is None and self.required:
            raise Unauthorized("creating a game needs a valid X-API-Key", code="invalid_api_key")
        return key_id

    async def portal(self, presented: str | None) -> str:
        """Portal endpoints always need a key."""
        key_id = await self.identify(presented)
        if key_id is None:
            raise Unauthorized("this endpoint needs X-API-Key", code="missing_api_key")
        return key_id
