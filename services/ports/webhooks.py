"""Webhooks: endpoints, deliveries and their attempts, and the poster that sends them."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

import msgspec

from services.ports.events import Checkpoint


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
