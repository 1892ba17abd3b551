"""Tokens: 256 random bits, stored as SHA-256, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Literal

import msgspec

from services.ports import GameRecord

Role = Literal["admin", "player", "spectator"]


class Principal(msgspec.Struct, frozen=True):
    role: Role
    seat: int | None = None

    @property
    def scope(self) -> str:
        return f"seat:{self.seat}" if self.role == "player" else self.role


SPECTATOR = Principal(role="spectator")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def identify(record: GameRecord, token: str | None) -> Principal | None:
    """Who holds this token in this game: None when it matches nobody.

    Every stored hash is compared, whatever matched first, so the time taken says nothing.
    """
    if token is None:
        return SPECTATOR
    presented = token_hash(token)
    found: Principal | None = None
    if hmac.compare_digest(presented, record.admin_token_hash):
        found = Principal(role="admin")
    for seat, stored in sorted(record.seat_token_hashes.items()):
        if hmac.compare_digest(presented, stored):
            found = Principal(role="player", seat=seat)
    return found


def api_key_id(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()[:12]


def check_api_key(presented: str | None, configured: tuple[str, ...]) -> str | None:
    """The id of the matching configured key, or None."""
    if presented is None:
        return None
    match = None
    for key in configured:
        if hmac.compare_digest(token_hash(presented), token_hash(key)):
            match = api_key_id(key)
    return match
