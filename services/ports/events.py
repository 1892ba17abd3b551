"""The event store: a game's stream, the global log and a game's record, with their values and errors."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

import msgspec


class NewEvent(msgspec.Struct, frozen=True):
    type: str  # the event's tag, stable whatever its class is called
    data: bytes  # JSON
    schema_version: int = 1  # the version of its class that wrote `data` (docs/events.md)
    chain: str | None = None  # its link in the game's hash chain (services/chain.py); None before the chain
    # when it is recorded: stamped by the write (dealing 3 links cover it); None: the store's clock
    recorded_at: datetime | None = None


class RecordedEvent(msgspec.Struct, frozen=True):
    position: int
    stream_id: str
    version: int
    type: str
    data: bytes  # JSON
    metadata: dict[str, Any]
    recorded_at: datetime
    tx_id: int = 0
    schema_version: int = 1  # last, and with a default: rows are built positionally (tests, the live stream)
    chain: str | None = None  # the hash chain's link (services/chain.py); None in games recorded before it


class LogEntry(msgspec.Struct, frozen=True):
    """An event's place in the global log, without its data: what followers read to decide what to fetch."""

    position: int
    stream_id: str
    version: int
    type: str
    tx_id: int
    # the shard it was read from ("<shard id>@<node group>") when the log is read shard by shard (Citus); "" when
    # the store keeps one log
    shard: str = ""


class Checkpoint(msgspec.Struct, frozen=True):
    """A place in the log: (transaction id, position), the order the log is read in; on a store read shard by shard
    (Citus) one such place per shard in `shards` (sorted `(shard, tx_id, position)`), and no order across them."""

    tx_id: int = 0
    position: int = 0
    shards: tuple[tuple[str, int, int], ...] = ()

    def advanced(self, entries: Sequence[LogEntry]) -> Checkpoint:
        """Past `entries`, a batch `read_log` returned from here (each shard's entries in that shard's order)."""
        tx_id, position = self.tx_id, self.position
        shards = {shard: (tx, pos) for shard, tx, pos in self.shards}
        for entry in entries:
            if entry.shard:
                shards[entry.shard] = (entry.tx_id, entry.position)
            else:
                tx_id, position = entry.tx_id, entry.position
        return Checkpoint(tx_id, position, tuple(sorted((shard, tx, pos) for shard, (tx, pos) in shards.items())))


class StoredGame(msgspec.Struct, frozen=True):
    """A game's row in the hot tables, as an operator asks about it: its version and when it was created."""

    version: int
    created_at: datetime


class Schema(msgspec.Struct, frozen=True):
    """A store's schema: its migration revision (None: never migrated); `migrated` False for a store that has no
    schema to migrate (in memory)."""

    revision: str | None
    migrated: bool = True


class GameRecord(msgspec.Struct, frozen=True):
    game_id: str
    game: str
    seed: bytes
    admin_token_hash: bytes
    seat_token_hashes: dict[int, bytes]
    api_key_id: str | None = None
    join_code_hash: bytes | None = None  # a private game's join code, as SHA-256 (None: a public game)


class Idempotency(msgspec.Struct, frozen=True):
    scope: str  # who sent it: "seat:<n>" or "admin"
    key: str
    response: bytes


class SeatToken(msgspec.Struct, frozen=True):
    """The change to a seat's token that an append carries, in the same transaction as its events:
    the hash of the token a joining player gets, or None when the seat's token is forgotten (leaving)."""

    seat: int
    token_hash: bytes | None


class ConcurrencyConflict(Exception):
    """The stream moved past the expected version."""


class DuplicateCommand(Exception):
    """The idempotency key was used already; `response` is the first answer."""

    def __init__(self, response: bytes) -> None:
        super().__init__("duplicate idempotency key")
        self.response = response


class StoreUnavailable(Exception):
    """The event store cannot be reached."""


class EventStore(Protocol):
    async def create(self, record: GameRecord, events: list[NewEvent], metadata: dict[str, Any]) -> None: ...

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: list[NewEvent],
        metadata: dict[str, Any],
        idempotency: Idempotency | None = None,
        seat_token: SeatToken | None = None,
    ) -> int: ...

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[RecordedEvent]: ...

    async def read_log(self, after: Checkpoint, limit: int) -> list[LogEntry]:
        """What committed after `after`, in the log's order within each shard (a store of one log: one order), at
        most `limit` per shard; a transaction still running holds back what follows it. `after.advanced(entries)`
        goes on from there. A batch of `limit` or more entries means more may be waiting."""
        ...

    async def read_positions(self, positions: list[int]) -> list[RecordedEvent]: ...

    async def read_log_events(self, after: Checkpoint, limit: int) -> tuple[Checkpoint, list[RecordedEvent]]:
        """`read_log`'s next batch with each event's data, and the place after it: what a fold needs in one read
        (a rebuild). Metadata and recorded_at are not read: `{}` and the epoch."""
        ...

    async def log_size(self) -> int:
        """How many events the log holds (a rebuild's progress counts against it)."""
        ...

    async def game(self, game_id: str) -> GameRecord | None: ...

    async def stored(self, game_id: str) -> StoredGame | None:
        """The game's row in the hot tables (None: not there, archived or unknown)."""

    async def schema(self) -> Schema:
        """The migration revision of the store's schema (readiness judges it against this release's window)."""

    async def stored_response(self, stream_id: str, scope: str, key: str) -> bytes | None: ...

    async def game_ids(self, game: str | None, limit: int) -> list[str]: ...

    async def grant_seat_token(self, game_id: str, version: int, seat: int, token_hash: bytes) -> bool:
        """A seat's token outside an append (a rematch seat's, handed over later): stored only if the game is still
        at `version` (the caller decided on it) and the seat has no token yet; True if it is stored now."""

    async def ping(self) -> None: ...

    async def restore(self, record: GameRecord, events: list[RecordedEvent]) -> None:
        """An imported game: the record (no seat tokens) and the events with their versions, recorded_at and
        metadata as given (their positions are new), in one transaction; ConcurrencyConflict if the id exists."""
