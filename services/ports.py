"""The ports the services need; infra implements them (Postgres, Redis)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
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


class RebuildPlace(msgspec.Struct, frozen=True):
    """How far a `tapis rebuild` got: the log's place up to which it wrote the projections, and the events it has
    folded so far (for its progress). Kept while it runs, so that an interrupted rebuild continues from there."""

    checkpoint: Checkpoint
    done: int = 0


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


class Archive(Protocol):
    """Finished games out of the hot tables (docs/archive.md): one export document per game."""

    async def ended_before(self, cutoff: datetime, limit: int) -> list[str]:
        """Games in the hot tables whose GameEnded was recorded before `cutoff`, oldest end first."""

    async def move(self, game_id: str, version: int, finished_at: datetime, document: bytes) -> bool:
        """In one transaction: the document into the archive and the game out of the hot tables (record, events,
        seat tokens, idempotency keys); False, and nothing changed, when the game is no longer at `version`."""

    async def document(self, game_id: str) -> bytes | None:
        """The archived game's export document, or None."""


class Projections(Protocol):
    """A game's folded table is stored with the fingerprint of the code's state schema: a snapshot written by
    code with another schema (an earlier release) is a miss, and a save with another fingerprint replaces one at
    the same version (a refold after a deploy), never a newer one."""

    async def load(self, game_id: str, fingerprint: str = "") -> tuple[int, bytes] | None:
        """(version, blob), or None: nothing stored, or stored under another fingerprint."""

    async def save(
        self, game_id: str, version: int, blob: bytes, summary: dict[str, Any], fingerprint: str = ""
    ) -> None: ...

    async def summaries(
        self, limit: int, game: str | None = None, status: str | None = None
    ) -> list[dict[str, Any]] | None:
        """The listed (not private) games' summaries, newest first, from the index of that game and status (either
        or both may be None: any); None when nothing was ever projected (after a flush: the caller asks the store)."""

    async def lobbies(self, created_before: float, limit: int) -> list[str]:
        """Games in the lobby, private ones included, created before `created_before` (epoch seconds), oldest first."""

    async def bot_turns(self, waiting_since: float, limit: int) -> list[str]: ...

    async def checkpoint(self) -> Checkpoint: ...

    async def save_checkpoint(self, checkpoint: Checkpoint) -> None: ...

    async def rebuild_place(self) -> RebuildPlace | None:
        """Where an unfinished rebuild stopped; None when none is under way."""

    async def save_rebuild_place(self, place: RebuildPlace | None) -> None:
        """None: the rebuild is over (or abandoned). `reset` leaves the place alone."""

    async def reset(self) -> None: ...

    async def ping(self) -> None: ...


# --- webhooks: endpoints, deliveries and their attempts ---


class Webhook(msgspec.Struct, frozen=True):
    webhook_id: str
    url: str
    topics: list[str]
    created_at: datetime
    # the circuit breaker: failed attempts in a row (0 after a success), and the current or last pause with its
    # reason (cleared by the next success; once past, one delivery at a time probes the endpoint)
    consecutive_failures: int
    paused_until: datetime | None
    pause_reason: str | None


class Subscriber(msgspec.Struct, frozen=True):
    webhook_id: str
    topics: list[str]
    created_at: datetime


class NewDelivery(msgspec.Struct, frozen=True):
    webhook_id: str
    game_id: str
    position: int
    version: int
    topic: str
    body: bytes


class Claimed(msgspec.Struct, frozen=True):
    delivery_id: int
    webhook_id: str
    url: str
    secret: str
    game_id: str
    version: int
    attempt: int  # this attempt's number, from 1
    body: bytes
    api_key_id: str = ""  # the endpoint's portal: its sends count against the portal's share


class SendCaps(msgspec.Struct, frozen=True):
    """How many more sends a claim may start: per endpoint and per portal key, given what this process already
    has in flight (`busy_endpoints`, `busy_keys`). An endpoint whose last attempt failed gets one at a time."""

    per_endpoint: int
    per_key: int
    busy_endpoints: dict[str, int] = msgspec.field(default_factory=dict)
    busy_keys: dict[str, int] = msgspec.field(default_factory=dict)


class Breaker(msgspec.Struct, frozen=True):
    """After `failures` consecutive failed attempts an endpoint is paused for `pause_seconds`, then twice as long
    after each failed probe, up to `max_pause_seconds`; a success closes it again. `failures` 0: never paused."""

    failures: int = 5
    pause_seconds: float = 30.0
    max_pause_seconds: float = 1800.0

    def pause(self, pauses: int) -> float:
        """The length of the pause that follows `pauses` earlier ones in a row."""
        return float(min(self.max_pause_seconds, self.pause_seconds * 2 ** min(pauses, 30)))


class Outcome(msgspec.Struct, frozen=True):
    ok: bool
    status_code: int | None
    error: str | None
    duration_ms: int


class Attempt(msgspec.Struct, frozen=True):
    attempt: int
    attempted_at: datetime
    status_code: int | None
    error: str | None
    duration_ms: int


class Delivery(msgspec.Struct, frozen=True):
    delivery_id: int
    game_id: str
    version: int
    topic: str
    status: str  # pending, delivered, failed (given up), cancelled (endpoint deleted)
    created_at: datetime
    next_attempt_at: datetime | None
    delivered_at: datetime | None
    attempts: list[Attempt]


class GivenUp(msgspec.Struct, frozen=True):
    """A delivery its retries gave up on (`failed`), of an endpoint not deleted: what `tapis webhooks resend`
    lists and re-queues."""

    delivery_id: int
    webhook_id: str
    game_id: str
    version: int
    topic: str
    attempts: int
    last_status: int | None
    last_error: str | None


class WebhookStore(Protocol):
    async def add(self, webhook_id: str, api_key_id: str, url: str, topics: list[str], secret: str) -> Webhook: ...

    async def count(self, api_key_id: str) -> int: ...

    async def of_key(self, api_key_id: str) -> list[Webhook]: ...

    async def get(self, api_key_id: str, webhook_id: str) -> Webhook | None: ...

    async def delete(self, api_key_id: str, webhook_id: str) -> bool:
        """Also cancels the endpoint's pending deliveries."""

    async def deliveries(self, webhook_id: str, game_id: str | None, before: int | None, limit: int) -> list[Delivery]:
        """Newest first."""

    async def checkpoint(self, name: str) -> Checkpoint: ...

    async def subscribers(self, game_ids: list[str]) -> dict[str, list[Subscriber]]:
        """Live endpoints of the keys that created these games."""

    async def intake(self, name: str, seen: Checkpoint, reached: Checkpoint, deliveries: list[NewDelivery]) -> bool:
        """Insert the deliveries and move the checkpoint from `seen` to `reached`, in one transaction;
        False (and nothing written) when another process moved it first."""

    async def claim(self, limit: int, lease_seconds: float, caps: SendCaps | None = None) -> list[Claimed]:
        """Lease the due head (oldest pending) delivery of up to `limit` (endpoint, game) pairs, of endpoints that
        are not paused, within `caps`; taken in turn across portal keys, and across each key's endpoints
        (a portal's k-th delivery goes before any portal's k+1-th), not oldest first."""

    async def finish(
        self, claimed: Claimed, outcome: Outcome, retry_in: float | None, breaker: Breaker | None = None
    ) -> None:
        """Record the attempt; delivered when ok, else retried in `retry_in` seconds, or given up when None.
        The endpoint's breaker counts it: a success closes it, the `breaker.failures`-th failure in a row pauses
        the endpoint (its deliveries stay pending), and so does any failure after a pause, for twice as long."""

    async def given_up(self, webhook_id: str | None, game_id: str | None) -> list[GivenUp]:
        """The given-up deliveries of live endpoints, of this endpoint and/or game (None: any), oldest first."""

    async def requeue(self, webhook_id: str | None, game_id: str | None) -> list[GivenUp]:
        """Make those deliveries pending and due now (their attempts and log kept, so the next attempt is numbered
        on), and end the current pause of their endpoints; returns what it re-queued, as it was, oldest first."""


class WebhookPoster(Protocol):
    async def post(self, url: str, body: bytes, headers: dict[str, str], time_limit: float) -> Outcome: ...

    async def aclose(self) -> None: ...


# --- portal API keys ---


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


# --- record changes told to the other processes ---


class RecordNews(Protocol):
    """Tells the other API processes that a game's record changed, so they drop their cached copy."""

    async def announce(self, game_id: str) -> None: ...

    async def follow(self, stop: asyncio.Event, forget: Callable[[str], None]) -> None:
        """Until `stop`: call `forget(game_id)` for every game another process announces."""


# --- the turn timer ---


class DueGames(Protocol):
    async def due(self, now: datetime, limit: int) -> list[tuple[str, int]]:
        """(game id, version) of running timed games whose last event is older than their turn timer."""


# --- live streams ---


class Subscription(Protocol):
    async def wait(self, seconds: float) -> bool:
        """True when the game moved (or may have) within `seconds`."""


class Wakeups(Protocol):
    def subscribe(self, game_id: str) -> contextlib.AbstractAsyncContextManager[Subscription]: ...
