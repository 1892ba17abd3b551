"""The hash chain over a game's stored events (docs/fair-play.md, "The chain"): tamper evidence for anyone who kept
a head, and, from dealing 3, nothing a spectator can test a guess against.

Dealing 2 links each event with SHA-256 over the link before it, its version, type, schema version and the exact
bytes of its JSON data: anyone can recompute a link, so a link over a hidden card let a spectator try every card.
Dealing 3 keys each link with a secret derived from the game's seed (revealed by the end) and covers what an auditor
relies on besides the data: the metadata (who sent the command) and the recorded time, all as RFC 8785 canonical
JSON, so that an export re-serialised by any JSON tool still verifies.

A player or portal that kept any head (from a view, a command answer, a live event or a webhook) can prove after
the end that the history it saw is a prefix of the one exported. Games recorded before the chain have none.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from datetime import datetime
from typing import Any

import msgspec

from domain.kernel.deal_key import chain_key
from services.canonical import canonical, stamp
from services.ports import NewEvent, RecordedEvent

GENESIS = "tapis-chain-v1:"
GENESIS_V3 = "tapis-chain-v3:genesis:"


class Links(msgspec.Struct, frozen=True):
    """How one game's events are linked: `key` is dealing 3's chain key, None dealing 2's unkeyed SHA-256."""

    game_id: str
    key: bytes | None = None

    @property
    def genesis(self) -> bytes:
        if self.key is None:
            return genesis(self.game_id)
        # the game id again, beside the key derived from it: a chain is bound to its game whoever chose the key
        return hmac.new(self.key, f"{GENESIS_V3}{self.game_id}".encode(), hashlib.sha256).digest()

    def link(
        self,
        previous: bytes,
        version: int,
        type_: str,
        schema_version: int,
        data: bytes,
        metadata: dict[str, Any],
        recorded_at: datetime | None,
    ) -> bytes:
        if self.key is None:
            return link(previous, version, type_, schema_version, data)
        assert recorded_at is not None, "a dealing-3 event is stamped before it is linked"
        return hmac.new(
            self.key, previous + linked_bytes(version, type_, schema_version, data, metadata, recorded_at), "sha256"
        ).digest()


def links_of(game_id: str, dealing: int, seed: bytes) -> Links:
    return Links(game_id, chain_key(game_id, seed) if dealing >= 3 else None)


def linked_bytes(
    version: int, type_: str, schema_version: int, data: bytes, metadata: dict[str, Any], recorded_at: datetime
) -> bytes:
    """What a dealing-3 link covers after the link before it: the event as canonical JSON, that is
    JCS({"version", "type", "schema_version", "data", "metadata", "recorded_at"})."""
    return assembled(version, type_, schema_version, data, canonical(metadata), stamp(recorded_at).encode())


def assembled(version: int, type_: str, schema_version: int, data: bytes, metadata: bytes, recorded_at: bytes) -> bytes:
    """The JCS bytes of a dealing-3 link's object, its six keys written in their sorted order around the canonical
    data and metadata: the same bytes as `canonical` of the whole object (tests/unit/kernel/test_proof_v3_vectors.py),
    without building it, and with the metadata and the time encoded once for all the events of one write."""
    return b"".join(
        (
            b'{"data":',
            canonical(msgspec.json.decode(data)),
            b',"metadata":',
            metadata,
            b',"recorded_at":"',
            recorded_at,
            b'","schema_version":',
            str(schema_version).encode(),
            b',"type":',
            canonical(type_),
            b',"version":',
            str(version).encode(),
            b"}",
        )
    )


def genesis(game_id: str) -> bytes:
    return hashlib.sha256(f"{GENESIS}{game_id}".encode()).digest()


def link(previous: bytes, version: int, type_: str, schema_version: int, data: bytes) -> bytes:
    """Dealing 2's link: unkeyed, over the exact stored bytes."""
    head = f"{version}\x00{type_}\x00{schema_version}\x00".encode()
    return hashlib.sha256(previous + head + data).digest()


def extend(
    links: Links,
    head: str | None,
    first_version: int,
    events: list[NewEvent],
    metadata: dict[str, Any],
    recorded_at: datetime,
) -> list[NewEvent]:
    """`events` (to be stored from `first_version` on, with `metadata`, stamped `recorded_at`) with their links,
    given the stream's head before them. A new stream (`first_version` 1) starts the chain; a stream without one
    (recorded before it) stays without."""
    if first_version == 1:
        previous = links.genesis
    elif head is None:
        return [msgspec.structs.replace(e, recorded_at=recorded_at) for e in events]
    else:
        previous = bytes.fromhex(head)
    linked = []
    # dealing 3: the metadata and the time are the same for every event of the write, encoded once
    shared_metadata, shared_time = (canonical(metadata), stamp(recorded_at).encode()) if links.key else (b"", b"")
    for version, event in enumerate(events, start=first_version):
        if links.key is None:
            previous = link(previous, version, event.type, event.schema_version, event.data)
        else:
            body = assembled(version, event.type, event.schema_version, event.data, shared_metadata, shared_time)
            previous = hmac.new(links.key, previous + body, "sha256").digest()
        linked.append(NewEvent(event.type, event.data, event.schema_version, previous.hex(), recorded_at))
    return linked


def head_of(events: list[NewEvent] | list[RecordedEvent], default: str | None) -> str | None:
    return events[-1].chain if events else default


def first_break(links: Links, events: Iterable[RecordedEvent]) -> RecordedEvent | None:
    """The first event whose link is not the hash of its predecessor and itself; None when the chain holds."""
    previous = links.genesis
    for event in events:
        expected = links.link(
            previous,
            event.version,
            event.type,
            event.schema_version,
            event.data,
            event.metadata,
            event.recorded_at,
        )
        if event.chain != expected.hex():
            return event
        previous = expected
    return None
