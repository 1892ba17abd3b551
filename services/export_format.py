"""The export document, format version 3 (docs/export-format.md): one game, its record and every event as stored.

Version 2 added the dealing version, the seed's source, each event's hash-chain link and the chain's head; version 3
writes each event's `recorded_at` as dealing 3's chain hashes it (`YYYY-MM-DDTHH:MM:SS.ffffffZ`) and the game's
fairness level (docs/fair-play.md). Documents of versions 1 and 2 (written before) still read: a version 1 document
as a game dealt by version 1, unchained.

Encoded with `encode_document` only: struct fields in declaration order, dict keys sorted, no whitespace, and each
event's `data` embedded as the stored JSON text itself (`msgspec.Raw`). The same game therefore always gives the
same bytes, and an imported game exports to the bytes it was imported from. Read with services/export_check.py,
strictly (services/strict_json.py): a dealing-3 export stays verifiable after any JSON tool re-serialised it.
"""

from __future__ import annotations

from typing import Any

import msgspec

FORMAT = "tapis-export"
FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)


class ExportedEvent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    type: str
    schema_version: int
    data: msgspec.Raw  # the stored JSON text, byte for byte (redacted for the bearer while the game runs)
    recorded_at: str  # format 3: `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the dealing-3 chain hashes it; RFC 3339 before
    metadata: dict[str, Any]  # actor, command id, ...: empty while the game runs
    # its hash-chain link (services/chain.py); null in games recorded before the chain
    chain: str | None = None


class ExportDocument(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    format: str
    format_version: int
    game_id: str
    game: str
    players: int
    options: dict[str, Any]
    created_at: str  # RFC 3339; format 3 writes it as `recorded_at` is written
    finished: bool
    seed: str | None  # hex, only once the game has finished
    dealing: int = 1  # the protocol's version (docs/fair-play.md; absent from version 1 documents: 1)
    seed_source: str = "server"  # "client": the creator chose the seed (a server in test mode)
    chain_head: str | None = None  # the last event's link; null for a game recorded before the chain
    # format 3: who could have chosen or foreseen the deal (docs/fair-play.md, "Fairness levels")
    fairness: str = "pending"
    events: list[ExportedEvent]


def encode_document(document: ExportDocument) -> bytes:
    # "deterministic" sorts dict keys (metadata comes back from jsonb in its own order) and keeps the fields' order
    return msgspec.json.encode(document, order="deterministic") + b"\n"


def decode_document(blob: bytes) -> ExportDocument:
    """Raises msgspec.DecodeError / ValidationError for what is not JSON or not of this shape."""
    return msgspec.json.decode(blob, type=ExportDocument)
