"""The ports the services need; infra implements them (Postgres, Redis)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

import msgspec


class NewEvent(msgspec.Struct, frozen=True):
    type: str
    data: bytes  # JSON


class RecordedEvent(msgspec.Struct, frozen=True):
    position: int
    stream_id: str
    version: int
    type: str
    data: bytes  # JSON
    metadata: dict[str, Any]
    recorded_at: datetime
    tx_id: int = 0


class LogEntry(msgspec.Struct, frozen=True):
    """An event's place in the global log, without its data: what followers read to decide what to fetch."""

    position: int
    stream_id: str
    version: int
    type: str
    tx_id: int


class Checkpoint(msgspec.Struct, frozen=True):
    """A place in the global log: (transaction id, position), the order the log is read in."""

    tx_id: int = 0
    position: int = 0


class GameRecord(msgspec.Struct, frozen=True):
    game_id: str
    game: str
    seed: bytes
    admin_token_hash: bytes
    seat_token_hashes: dict[int, bytes]
    api_key_id: str | None = None


class Idempotency(msgspec.Struct, frozen=True):
    scope: str  # who sent it: "seat:<n>" or "admin"
    key: str
    response: bytes


class ConcurrencyConflict(Exception):
    """The stream moved past the expected version."""


class DuplicateCommand(Exception):
    """The idempotency key was used already; `response` is the first answer."""

    def __init__(self, response: bytes) -> None:
        super().__init__("duplicate idempotency key")
        self.response = response


class StoreUnavailable(Exception):
    """The event store cannot be reached."""


class ProjectionUnavailable(Exception):
    """Redis cannot be reached; callers fall back to the event store."""


class EventStore(Protocol):
    async def create(self, record: GameRecord, events: list[NewEvent], metadata: dict[str, Any]) -> None: ...

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: list[NewEvent],
        metadata: dict[str, Any],
        idempotency: Idempotency | None = None,
        seat_token: tuple[int, bytes] | None = None,
    ) -> int: ...

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[RecordedEvent]: ...

    async def read_log(self, after: Checkpoint, limit: int) -> list[LogEntry]: ...

    async def read_positions(self, positions: list[int]) -> list[RecordedEvent]: ...

    async def game(self, game_id: str) -> GameRecord | None: ...

    async def stored_response(self, stream_id: str, scope: str, key: str) -> bytes | None: ...

    async def game_ids(self, game: str | None, limit: int) -> list[str]: ...

    async def ping(self) -> None: ...


class Projections(Protocol):
    async def load(self, game_id: str) -> tuple[int, bytes] | None: ...

    async def save(self, game_id: str, version: int, blob: bytes, summary: dict[str, Any]) -> None: ...

    async def summaries(self, limit: int) -> list[dict[str, Any]] | None: ...

    async def bot_turns(self, waiting_since: float, limit: int) -> list[str]: ...

    async def checkpoint(self) -> Checkpoint: ...

    async def save_checkpoint(self, checkpoint: Checkpoint) -> None: ...

    async def reset(self) -> None: ...

    async def ping(self) -> None: ...
