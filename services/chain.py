"""The hash chain over a game's stored events (docs/fair-dealing.md): tamper evidence for anyone who kept a head.

Each event's link hashes the link before it with the event as stored: its version, type, schema version and the
exact bytes of its JSON data. The first event links to a genesis value bound to the game id. A player or portal
that kept any head (from a view, a command answer, a live event or a webhook) can later prove that the history it
saw is a prefix of the one exported: no stored event before that head was changed, removed, added or reordered.
Games recorded before the chain existed have none (their `chain` is null); events added to them stay unchained.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from services.ports import NewEvent, RecordedEvent

GENESIS = "tapis-chain-v1:"


def genesis(game_id: str) -> bytes:
    return hashlib.sha256(f"{GENESIS}{game_id}".encode()).digest()


def link(previous: bytes, version: int, type_: str, schema_version: int, data: bytes) -> bytes:
    head = f"{version}\x00{type_}\x00{schema_version}\x00".encode()
    return hashlib.sha256(previous + head + data).digest()


def extend(game_id: str, head: str | None, first_version: int, events: list[NewEvent]) -> list[NewEvent]:
    """`events` (to be stored from `first_version` on) with their links, given the stream's head before them.

    A new stream (`first_version` 1) starts the chain; a stream without one (recorded before it) stays without.
    """
    if first_version == 1:
        previous = genesis(game_id)
    elif head is None:
        return events
    else:
        previous = bytes.fromhex(head)
    linked = []
    for version, event in enumerate(events, start=first_version):
        previous = link(previous, version, event.type, event.schema_version, event.data)
        linked.append(NewEvent(event.type, event.data, event.schema_version, previous.hex()))
    return linked


def head_of(events: list[NewEvent] | list[RecordedEvent], default: str | None) -> str | None:
    return events[-1].chain if events else default


def first_break(game_id: str, events: Iterable[RecordedEvent]) -> RecordedEvent | None:
    """The first event whose link is not the hash of its predecessor and itself; None when the chain holds."""
    previous = genesis(game_id)
    for event in events:
        expected = link(previous, event.version, event.type, event.schema_version, event.data)
        if event.chain != expected.hex():
            return event
        previous = expected
    return None
