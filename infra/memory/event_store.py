"""The event store in memory: what `infra/event_store.py` does in Postgres, and the turn timer's `due` query.

Every operation yields to the loop once before it runs, as a round trip would, so concurrent commands interleave
(and conflict) as they do against Postgres; the operation itself then runs without an await, so it is atomic.
"""

from __future__ import annotations

import asyncio
import bisect
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec

from services.ports import (
    Checkpoint,
    ConcurrencyConflict,
    DuplicateCommand,
    GameRecord,
    Idempotency,
    LogEntry,
    NewEvent,
    RecordedEvent,
    Schema,
    SeatToken,
    StoredGame,
    StoreUnavailable,
)

# The last event types that stop a game's clock (infra/turn_clock.py's DUE): a lobby, or an ended game.
CLOCK_STOPPED = frozenset({"GameCreated", "PlayerJoined", "PlayerLeft", "GameEnded", "RematchCreated", "LobbyExpired"})


def now_utc() -> datetime:
    return datetime.now(UTC)


class Stream(msgspec.Struct):
    """A row of `games` with its events and its `seat_tokens` rows."""

    record: GameRecord
    created: int  # creation order: `created_at` in Postgres
    version: int = 0
    events: list[RecordedEvent] = msgspec.field(default_factory=list)
    seats: dict[int, bytes] = msgspec.field(default_factory=dict)


class MemoryEventStore:
    """Set `unavailable` to make every call raise StoreUnavailable (the services' fallback paths).
    `clock` stamps `recorded_at`, which the turn timer's `due` reads."""

    def __init__(self, clock: Callable[[], datetime] = now_utc) -> None:
        self.clock = clock
        self.unavailable = False
        self._streams: dict[str, Stream] = {}
        self._log: list[RecordedEvent] = []  # in commit order: (tx_id, position) increases
        self._by_position: dict[int, RecordedEvent] = {}
        self._idempotency: dict[tuple[str, str, str], bytes] = {}
        self._last_tx = 0
        self._last_position = 0

    async def create(self, record: GameRecord, events: list[NewEvent], metadata: dict[str, Any]) -> None:
        await self._round_trip()
        if record.game_id in self._streams:
            raise ConcurrencyConflict(record.game_id)
        # as in Postgres, the record's seat tokens are not written: seats get theirs in the appends that seat them
        stored = msgspec.structs.replace(record, seat_token_hashes={})
        stream = Stream(record=stored, created=len(self._streams))
        recorded = self._recorded(stream, events, metadata)
        self._streams[record.game_id] = stream
        self._commit(stream, recorded)

    async def append(
        self,
        stream_id: str,
        expected_version: int,
        events: list[NewEvent],
        metadata: dict[str, Any],
        idempotency: Idempotency | None = None,
        seat_token: SeatToken | None = None,
    ) -> int:
        await self._round_trip()
        stream = self._streams.get(stream_id)
        # checked in the order of the Postgres statement: a stream elsewhere writes nothing, so its repeated
        # key is not seen and a conflict is what the caller hears
        if stream is None or stream.version != expected_version:
            raise ConcurrencyConflict(stream_id)
        if idempotency is not None:
            first = self._idempotency.get((stream_id, idempotency.scope, idempotency.key))
            if first is not None:
                raise DuplicateCommand(first)
        if seat_token is not None and seat_token.token_hash is not None and seat_token.seat in stream.seats:
            raise ConcurrencyConflict(stream_id)  # the seat_tokens primary key refuses a second token for a seat
        recorded = self._recorded(stream, events, metadata)
        # nothing was written above: from here on everything is, with no await in between
        self._commit(stream, recorded)
        if idempotency is not None:
            self._idempotency[(stream_id, idempotency.scope, idempotency.key)] = idempotency.response
        if seat_token is not None:
            if seat_token.token_hash is None:
                stream.seats.pop(seat_token.seat, None)
            else:
                stream.seats[seat_token.seat] = seat_token.token_hash
        return stream.version

    async def read_stream(self, stream_id: str, after: int = 0, limit: int | None = None) -> list[RecordedEvent]:
        await self._round_trip()
        stream = self._streams.get(stream_id)
        if stream is None:
            return []
        # versions run from 1 without gaps: the events after `after` start at index `after`
        later = stream.events[max(after, 0) :]
        return later if limit is None else later[: max(limit, 0)]

    async def read_log(self, after: Checkpoint, limit: int) -> list[LogEntry]:
        await self._round_trip()
        start = bisect.bisect_right(self._log, (after.tx_id, after.position), key=lambda e: (e.tx_id, e.position))
        return [
            LogEntry(position=e.position, stream_id=e.stream_id, version=e.version, type=e.type, tx_id=e.tx_id)
            for e in self._log[start : start + max(limit, 0)]
        ]

    async def read_positions(self, positions: list[int]) -> list[RecordedEvent]:
        await self._round_trip()
        found = {p: self._by_position[p] for p in positions if p in self._by_position}
        return sorted(found.values(), key=lambda e: (e.tx_id, e.position))

    async def read_log_events(self, after: Checkpoint, limit: int) -> tuple[Checkpoint, list[RecordedEvent]]:
        entries = await self.read_log(after, limit)
        return after.advanced(entries), await self.read_positions([e.position for e in entries])

    async def log_size(self) -> int:
        await self._round_trip()
        return len(self._log)

    async def game(self, game_id: str) -> GameRecord | None:
        await self._round_trip()
        return self.record_of(game_id)

    async def stored(self, game_id: str) -> StoredGame | None:
        await self._round_trip()
        stream = self._streams.get(game_id)
        if stream is None or not stream.events:
            return None
        return StoredGame(version=stream.version, created_at=stream.events[0].recorded_at)

    async def schema(self) -> Schema:
        return Schema(None, migrated=False)

    async def stored_response(self, stream_id: str, scope: str, key: str) -> bytes | None:
        await self._round_trip()
        return self._idempotency.get((stream_id, scope, key))

    async def game_ids(self, game: str | None, limit: int) -> list[str]:
        await self._round_trip()
        return [r.game_id for r in self.newest_first(game)][: max(limit, 0)]

    async def grant_seat_token(self, game_id: str, version: int, seat: int, token_hash: bytes) -> bool:
        await self._round_trip()
        stream = self._streams.get(game_id)
        if stream is None or stream.version != version or seat in stream.seats:
            return False
        stream.seats[seat] = token_hash
        return True

    async def ping(self) -> None:
        await self._round_trip()

    async def restore(self, record: GameRecord, events: list[RecordedEvent]) -> None:
        await self._round_trip()
        if record.game_id in self._streams:
            raise ConcurrencyConflict(record.game_id)
        stream = Stream(record=msgspec.structs.replace(record, seat_token_hashes={}), created=len(self._streams))
        for event in events:
            msgspec.json.decode(event.data)  # the json column refuses what is not JSON
        # as in Postgres: new positions in one transaction, everything else as given
        restored = [
            msgspec.structs.replace(
                e, position=self._last_position + 1 + k, stream_id=record.game_id, tx_id=self._last_tx + 1
            )
            for k, e in enumerate(events)
        ]
        self._streams[record.game_id] = stream
        self._commit(stream, restored)

    async def due(self, now: datetime, limit: int) -> list[tuple[str, int]]:
        """(game id, version) of running timed games whose last event is older than their turn timer."""
        await self._round_trip()
        overdue: list[tuple[datetime, str, int]] = []
        for stream in self._streams.values():
            if not stream.events or stream.events[-1].type in CLOCK_STOPPED:
                continue
            seconds = turn_seconds(stream.events[0].data)
            last = stream.events[-1].recorded_at
            if seconds is not None and last < now - timedelta(seconds=seconds):
                overdue.append((last, stream.record.game_id, stream.version))
        overdue.sort(key=lambda o: o[0])
        return [(game_id, version) for _, game_id, version in overdue[: max(limit, 0)]]

    # --- for the other memory adapters of the same database (key store, webhook store) ---

    def record_of(self, game_id: str) -> GameRecord | None:
        stream = self._streams.get(game_id)
        if stream is None:
            return None
        return msgspec.structs.replace(stream.record, seat_token_hashes=dict(stream.seats))

    def ended_before(self, cutoff: datetime) -> list[tuple[datetime, str]]:
        """(end time, game id) of the games whose GameEnded was recorded before `cutoff` (the archive's query)."""
        ended = ((next((e for e in s.events if e.type == "GameEnded"), None), s) for s in self._streams.values())
        return [(e.recorded_at, s.record.game_id) for e, s in ended if e is not None and e.recorded_at < cutoff]

    def drop(self, game_id: str, version: int) -> bool:
        """Forget a game at `version` (archived): its record, events, seat tokens and idempotency keys."""
        stream = self._streams.get(game_id)
        if stream is None or stream.version != version:
            return False
        del self._streams[game_id]
        self._log = [e for e in self._log if e.stream_id != game_id]
        for event in stream.events:
            self._by_position.pop(event.position, None)
        self._idempotency = {k: v for k, v in self._idempotency.items() if k[0] != game_id}
        return True

    def newest_first(self, game: str | None = None) -> list[GameRecord]:
        streams = sorted(self._streams.values(), key=lambda s: s.created, reverse=True)
        return [s.record for s in streams if game is None or s.record.game == game]

    async def _round_trip(self) -> None:
        await asyncio.sleep(0)
        if self.unavailable:
            raise StoreUnavailable("the memory event store is switched off")

    def _recorded(self, stream: Stream, events: list[NewEvent], metadata: dict[str, Any]) -> list[RecordedEvent]:
        """The rows to insert; raises before anything is written if Postgres would refuse them."""
        # jsonb keeps JSON values only: a round trip gives what reading back from Postgres gives
        encoded = msgspec.json.encode(metadata)
        tx_id = self._last_tx + 1
        recorded = []
        for offset, event in enumerate(events):
            msgspec.json.decode(event.data)  # the json column refuses what is not JSON
            recorded.append(
                RecordedEvent(
                    position=self._last_position + 1 + offset,
                    stream_id=stream.record.game_id,
                    version=stream.version + 1 + offset,
                    type=event.type,
                    data=bytes(event.data),
                    metadata=msgspec.json.decode(encoded),  # a dict of its own, as each row read gets
                    recorded_at=event.recorded_at or self.clock(),
                    tx_id=tx_id,
                    schema_version=event.schema_version,
                    chain=event.chain,
                )
            )
        return recorded

    def _commit(self, stream: Stream, recorded: list[RecordedEvent]) -> None:
        self._last_tx += 1
        self._last_position += len(recorded)
        stream.events.extend(recorded)
        stream.version += len(recorded)
        self._log.extend(recorded)
        self._by_position.update((e.position, e) for e in recorded)


def turn_seconds(created: bytes) -> int | None:
    """The game's turn timer from its first event: `(data->>'turn_seconds')::int` in the DUE query."""
    data = msgspec.json.decode(created)
    value = data.get("turn_seconds") if isinstance(data, dict) else None
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"turn_seconds is not an integer: {value!r}")  # the query's cast fails on it too
    return int(value)
