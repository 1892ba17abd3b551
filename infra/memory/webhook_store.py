"""Webhooks in memory: what `infra/webhook_store.py` keeps in Postgres (endpoints, the delivery queue and log,
every attempt, the intake checkpoints), beside the memory event store's games."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

import msgspec

from infra.memory.event_store import MemoryEventStore
from services.ports import (
    Attempt,
    Breaker,
    Checkpoint,
    Claimed,
    Delivery,
    GivenUp,
    NewDelivery,
    Outcome,
    SendCaps,
    StoreUnavailable,
    Subscriber,
    Webhook,
)


class Endpoint(msgspec.Struct):
    """A row of `webhooks`."""

    webhook_id: str
    api_key_id: str
    url: str
    topics: list[str]
    secret: str
    created_at: datetime
    deleted_at: datetime | None = None
    failures: int = 0  # the circuit breaker (infra/webhook_store.py's BREAKER)
    pauses: int = 0
    paused_until: datetime | None = None
    pause_reason: str | None = None

    def shown(self) -> Webhook:
        return Webhook(
            webhook_id=self.webhook_id,
            url=self.url,
            topics=list(self.topics),
            created_at=self.created_at,
            consecutive_failures=self.failures,
            paused_until=self.paused_until,
            pause_reason=self.pause_reason,
        )

    def paused(self, now: datetime) -> bool:
        return self.paused_until is not None and self.paused_until > now

    def attempted(self, outcome: Outcome, breaker: Breaker, now: datetime) -> None:
        if outcome.ok:
            self.failures, self.pauses, self.paused_until, self.pause_reason = 0, 0, None, None
            return
        if breaker.failures > 0 and self.failures + 1 >= breaker.failures and not self.paused(now):
            self.paused_until = now + timedelta(seconds=breaker.pause(self.pauses))
            self.pauses += 1
            last = outcome.error or f"HTTP {outcome.status_code}"
            self.pause_reason = f"{self.failures + 1} consecutive failed attempts (the last: {last})"
        self.failures += 1


class Queued(msgspec.Struct):
    """A row of `webhook_deliveries` with its `webhook_attempts`."""

    delivery_id: int
    new: NewDelivery
    created_at: datetime
    next_attempt_at: datetime
    status: str = "pending"
    attempts: int = 0
    delivered_at: datetime | None = None
    last_status: int | None = None
    last_error: str | None = None
    log: dict[int, Attempt] = msgspec.field(default_factory=dict)


class MemoryWebhookStore:
    """In the same database as `store`: its games tell which key created a game, its clock is `now()` and its
    `unavailable` switch is this store's too."""

    def __init__(self, store: MemoryEventStore) -> None:
        self._store = store
        self._endpoints: dict[str, Endpoint] = {}  # in creation order
        self._queue: dict[int, Queued] = {}  # by delivery id, ascending
        self._once: set[tuple[str, int]] = set()  # (webhook id, position): webhook_deliveries_once
        self._checkpoints: dict[str, Checkpoint] = {}
        self._last_delivery = 0

    async def add(self, webhook_id: str, api_key_id: str, url: str, topics: list[str], secret: str) -> Webhook:
        await self._round_trip()
        if webhook_id in self._endpoints:
            raise ValueError(f"webhook {webhook_id} exists")  # a unique violation in Postgres
        endpoint = Endpoint(webhook_id, api_key_id, url, list(topics), secret, created_at=self._store.clock())
        self._endpoints[webhook_id] = endpoint
        return endpoint.shown()

    async def count(self, api_key_id: str) -> int:
        await self._round_trip()
        return len(self._live(api_key_id))

    async def of_key(self, api_key_id: str) -> list[Webhook]:
        await self._round_trip()
        return [e.shown() for e in self._live(api_key_id)]

    async def get(self, api_key_id: str, webhook_id: str) -> Webhook | None:
        await self._round_trip()
        endpoint = self._endpoints.get(webhook_id)
        if endpoint is None or endpoint.api_key_id != api_key_id or endpoint.deleted_at is not None:
            return None
        return endpoint.shown()

    async def delete(self, api_key_id: str, webhook_id: str) -> bool:
        """Also cancels the endpoint's pending deliveries."""
        await self._round_trip()
        endpoint = self._endpoints.get(webhook_id)
        if endpoint is None or endpoint.api_key_id != api_key_id or endpoint.deleted_at is not None:
            return False
        endpoint.deleted_at = self._store.clock()
        for queued in self._queue.values():
            if queued.new.webhook_id == webhook_id and queued.status == "pending":
                queued.status = "cancelled"
        return True

    async def deliveries(self, webhook_id: str, game_id: str | None, before: int | None, limit: int) -> list[Delivery]:
        """Newest first."""
        await self._round_trip()
        found = [
            q
            for q in reversed(self._queue.values())
            if q.new.webhook_id == webhook_id
            and (game_id is None or q.new.game_id == game_id)
            and (before is None or q.delivery_id < before)
        ][: max(limit, 0)]
        paused_until = self._endpoints[webhook_id].paused_until if webhook_id in self._endpoints else None
        return [
            Delivery(
                delivery_id=q.delivery_id,
                game_id=q.new.game_id,
                version=q.new.version,
                topic=q.new.topic,
                status=q.status,
                created_at=q.created_at,
                # a paused endpoint's delivery goes once the pause is over, at the earliest
                next_attempt_at=max(q.next_attempt_at, paused_until or q.next_attempt_at)
                if q.status == "pending"
                else None,
                delivered_at=q.delivered_at,
                attempts=[q.log[n] for n in sorted(q.log)],
            )
            for q in found
        ]

    async def checkpoint(self, name: str) -> Checkpoint:
        await self._round_trip()
        return self._checkpoints.setdefault(name, Checkpoint())

    async def subscribers(self, game_ids: list[str]) -> dict[str, list[Subscriber]]:
        """Live endpoints of the keys that created these games."""
        await self._round_trip()
        found: dict[str, list[Subscriber]] = {}
        for game_id in dict.fromkeys(game_ids):
            record = self._store.record_of(game_id)
            if record is None or record.api_key_id is None:
                continue
            live = self._live(record.api_key_id)
            if live:
                found[game_id] = [Subscriber(e.webhook_id, list(e.topics), e.created_at) for e in live]
        return found

    async def intake(self, name: str, seen: Checkpoint, reached: Checkpoint, deliveries: list[NewDelivery]) -> bool:
        """Insert the deliveries and move the checkpoint from `seen` to `reached`, in one transaction;
        False (and nothing written) when another process moved it first."""
        await self._round_trip()
        # compare and set, as the UPDATE ... WHERE of Postgres: of two processes reading a batch, one writes it
        if self._checkpoints.get(name) != seen:
            return False
        unknown = {d.webhook_id for d in deliveries} - self._endpoints.keys()
        if unknown:
            raise ValueError(f"deliveries for unknown webhooks {sorted(unknown)}")  # the foreign key refuses them
        self._checkpoints[name] = reached
        now = self._store.clock()
        for new in deliveries:
            if (new.webhook_id, new.position) in self._once:
                continue  # ON CONFLICT DO NOTHING: each event goes to an endpoint once
            self._once.add((new.webhook_id, new.position))
            self._last_delivery += 1
            self._queue[self._last_delivery] = Queued(self._last_delivery, new, created_at=now, next_attempt_at=now)
        return True

    async def claim(self, limit: int, lease_seconds: float, caps: SendCaps | None = None) -> list[Claimed]:
        """Lease the due head (oldest pending) delivery of up to `limit` (endpoint, game) pairs, of endpoints that
        are not paused, within `caps`; taken in turn across keys, and across each key's endpoints."""
        await self._round_trip()
        now = self._store.clock()
        heads: dict[tuple[str, str], Queued] = {}
        for queued in self._queue.values():
            if queued.status != "pending":
                continue
            pair = (queued.new.webhook_id, queued.new.game_id)
            if pair not in heads or queued.new.position < heads[pair].new.position:
                heads[pair] = queued
        by_endpoint: dict[str, list[Queued]] = {}
        for q in heads.values():
            endpoint = self._endpoints[q.new.webhook_id]
            if endpoint.deleted_at is None and not endpoint.paused(now) and q.next_attempt_at <= now:
                by_endpoint.setdefault(endpoint.webhook_id, []).append(q)
        # as CLAIM's `nth`, `room` and `turn`: each endpoint's heads after what is in flight to it, within its room;
        # then each key's, across its endpoints, after what is in flight to the key
        by_key: dict[str, list[tuple[int, int, Queued]]] = {}
        for webhook_id, due in by_endpoint.items():
            endpoint = self._endpoints[webhook_id]
            due.sort(key=lambda q: (q.next_attempt_at, q.delivery_id))
            busy = caps.busy_endpoints.get(webhook_id, 0) if caps is not None else 0
            for n, q in enumerate(due, start=1 + busy):
                room = None if caps is None else (1 if endpoint.failures > 0 else caps.per_endpoint)
                if room is None or n <= room:
                    by_key.setdefault(endpoint.api_key_id, []).append((n, q.delivery_id, q))
        turns: list[tuple[int, str, int, Queued]] = []
        for key, due_of_key in by_key.items():
            due_of_key.sort(key=lambda t: (t[0], t[1]))
            busy = caps.busy_keys.get(key, 0) if caps is not None else 0
            for turn, (_, delivery_id, q) in enumerate(due_of_key, start=1 + busy):
                if caps is None or turn <= caps.per_key:
                    turns.append((turn, key, delivery_id, q))
        turns.sort(key=lambda t: (t[0], t[1], t[2]))
        claimed = []
        for _, _, _, queued in turns[: max(limit, 0)]:
            # the lease: nobody claims it again until it runs out (a sender that died mid-send)
            queued.attempts += 1
            queued.next_attempt_at = now + timedelta(seconds=lease_seconds)
            endpoint = self._endpoints[queued.new.webhook_id]
            claimed.append(
                Claimed(
                    delivery_id=queued.delivery_id,
                    webhook_id=endpoint.webhook_id,
                    url=endpoint.url,
                    secret=endpoint.secret,
                    game_id=queued.new.game_id,
                    version=queued.new.version,
                    attempt=queued.attempts,
                    body=queued.new.body,
                    api_key_id=endpoint.api_key_id,
                )
            )
        return claimed

    async def finish(
        self, claimed: Claimed, outcome: Outcome, retry_in: float | None, breaker: Breaker | None = None
    ) -> None:
        """Record the attempt; delivered when ok, else retried in `retry_in` seconds, or given up when None;
        the endpoint's breaker counts it."""
        await self._round_trip()
        queued = self._queue.get(claimed.delivery_id)
        if queued is None:
            raise ValueError(f"no delivery {claimed.delivery_id}")  # the attempt's foreign key refuses it
        now = self._store.clock()
        queued.log.setdefault(
            claimed.attempt,
            Attempt(claimed.attempt, now, outcome.status_code, outcome.error, outcome.duration_ms),
        )
        if breaker is not None:
            self._endpoints[claimed.webhook_id].attempted(outcome, breaker, now)
        # only the lease's holder finishes it: a later claim (the lease ran out) has moved `attempts` on
        if queued.attempts != claimed.attempt or queued.status != "pending":
            return
        status = "delivered" if outcome.ok else ("pending" if retry_in is not None else "failed")
        queued.status = status
        queued.delivered_at = now if status == "delivered" else None
        if status == "pending":
            queued.next_attempt_at = now + timedelta(seconds=retry_in or 0.0)
        queued.last_status = outcome.status_code
        queued.last_error = outcome.error

    async def given_up(self, webhook_id: str | None, game_id: str | None) -> list[GivenUp]:
        """The given-up deliveries of live endpoints, of this endpoint and/or game (None: any), oldest first."""
        await self._round_trip()
        return [self._given_up(q) for q in self._failed(webhook_id, game_id)]

    async def requeue(self, webhook_id: str | None, game_id: str | None) -> list[GivenUp]:
        """Make those deliveries pending and due now, attempts kept, and end their endpoints' current pause (as
        infra/webhook_store.py's REQUEUE)."""
        await self._round_trip()
        now = self._store.clock()
        found = self._failed(webhook_id, game_id)
        shown = [self._given_up(q) for q in found]
        for queued in found:
            queued.status, queued.next_attempt_at = "pending", now
            endpoint = self._endpoints[queued.new.webhook_id]
            if endpoint.paused(now):
                endpoint.paused_until = now
        return shown

    def _failed(self, webhook_id: str | None, game_id: str | None) -> list[Queued]:
        return [
            q
            for q in self._queue.values()
            if q.status == "failed"
            and self._endpoints[q.new.webhook_id].deleted_at is None
            and (webhook_id is None or q.new.webhook_id == webhook_id)
            and (game_id is None or q.new.game_id == game_id)
        ]

    @staticmethod
    def _given_up(queued: Queued) -> GivenUp:
        return GivenUp(
            delivery_id=queued.delivery_id,
            webhook_id=queued.new.webhook_id,
            game_id=queued.new.game_id,
            version=queued.new.version,
            topic=queued.new.topic,
            attempts=queued.attempts,
            last_status=queued.last_status,
            last_error=queued.last_error,
        )

    def _live(self, api_key_id: str) -> list[Endpoint]:
        live = [e for e in self._endpoints.values() if e.api_key_id == api_key_id and e.deleted_at is None]
        return sorted(live, key=lambda e: (e.created_at, e.webhook_id))

    async def _round_trip(self) -> None:
        await asyncio.sleep(0)
        if self._store.unavailable:
            raise StoreUnavailable("the memory database is switched off")
