"""Webhooks in Postgres: endpoints with their circuit breaker, the delivery queue and log, every attempt, the
intake checkpoint."""

from __future__ import annotations

import asyncpg
import msgspec

from infra.driver_errors import postgres_errors
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
    Subscriber,
    Webhook,
)

CHECKPOINT = """
WITH created AS (
    INSERT INTO webhook_checkpoint (name, tx_id, position) VALUES ($1, 0, 0)
    ON CONFLICT (name) DO NOTHING
    RETURNING tx_id, position, shards::text
)
SELECT tx_id, position, shards FROM created
UNION ALL
SELECT tx_id, position, shards::text FROM webhook_checkpoint WHERE name = $1
"""

# The endpoint's row is not locked: deleting it while a batch is taken in may leave that batch's deliveries
# pending; the sender never claims them (the endpoint is gone), and a deleted endpoint's log is not shown.
INSERT_DELIVERIES = """
INSERT INTO webhook_deliveries (webhook_id, game_id, position, version, topic, body)
SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::text[], $6::bytea[])
ON CONFLICT (webhook_id, position) DO NOTHING
"""

# Only the oldest pending delivery of each (endpoint, game) may go: a game's events arrive in order. Paused
# endpoints are left out before the heads are looked for (their deliveries stay pending, and a dead endpoint's
# backlog is not read on every claim, only while it is probed). The due heads are then taken in turn: `nth` numbers each
# endpoint's heads after what the claiming process sends it already (an endpoint whose last attempt failed gets
# one at a time), `turn` numbers each key's heads across its endpoints (their first heads, then their second...)
# after what the process sends the key already, and the heads go by turn, then key: every portal's k-th send
# before any portal's k+1-th, however old. $3 (per endpoint) NULL: no caps at all.
# The row lock (SKIP LOCKED) and the lease (next_attempt_at pushed past the send's timeout) keep two processes
# from sending the same delivery; a process that dies mid-send lets the lease run out, and the delivery goes again
# (at least once). The status and time are checked again on the locked row.
CLAIM = """
WITH open_endpoints AS (
    SELECT webhook_id, api_key_id, failures
    FROM webhooks
    WHERE deleted_at IS NULL AND (paused_until IS NULL OR paused_until <= now())
), heads AS (
    -- endpoint by endpoint (LATERAL): the planner would otherwise read the pending index whole, paused ones too
    SELECT h.*
    FROM open_endpoints e
    CROSS JOIN LATERAL (
        SELECT DISTINCT ON (d.game_id) d.delivery_id, d.webhook_id, d.next_attempt_at
        FROM webhook_deliveries d
        WHERE d.webhook_id = e.webhook_id AND d.status = 'pending'
        ORDER BY d.game_id, d.position
    ) h
), busy_endpoints AS (
    SELECT * FROM unnest($5::text[], $6::int[]) AS b (webhook_id, sending)
), busy_keys AS (
    SELECT * FROM unnest($7::text[], $8::int[]) AS b (api_key_id, sending)
), due AS (
    SELECT h.delivery_id, e.api_key_id,
           row_number() OVER (PARTITION BY h.webhook_id ORDER BY h.next_attempt_at, h.delivery_id)
               + coalesce(b.sending, 0) AS nth,
           CASE WHEN e.failures > 0 THEN 1 ELSE $3::int END AS room
    FROM heads h
    JOIN open_endpoints e ON e.webhook_id = h.webhook_id
    LEFT JOIN busy_endpoints b ON b.webhook_id = h.webhook_id
    WHERE h.next_attempt_at <= now()
), fair AS (
    SELECT due.delivery_id, due.api_key_id,
           row_number() OVER (PARTITION BY due.api_key_id ORDER BY due.nth, due.delivery_id)
               + coalesce(k.sending, 0) AS turn
    FROM due
    LEFT JOIN busy_keys k ON k.api_key_id = due.api_key_id
    WHERE $3::int IS NULL OR due.nth <= due.room
), chosen AS (
    SELECT d.delivery_id
    FROM webhook_deliveries d
    JOIN fair USING (delivery_id)
    WHERE ($4::int IS NULL OR fair.turn <= $4) AND d.status = 'pending' AND d.next_attempt_at <= now()
    ORDER BY fair.turn, fair.api_key_id, fair.delivery_id
    LIMIT $1
    FOR UPDATE OF d SKIP LOCKED
)
UPDATE webhook_deliveries d
SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
FROM chosen, webhooks w
WHERE d.delivery_id = chosen.delivery_id AND w.webhook_id = d.webhook_id
RETURNING d.delivery_id, d.webhook_id, w.url, w.secret, d.game_id, d.version, d.attempts, d.body, w.api_key_id
"""

FINISH = """
UPDATE webhook_deliveries
SET status = $3,
    delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
    next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + make_interval(secs => $4) ELSE next_attempt_at END,
    last_status = $5,
    last_error = $6
WHERE delivery_id = $1 AND attempts = $2 AND status = 'pending'
"""

# The endpoint's circuit breaker, told of each attempt ($5: it succeeded). A success closes it. A failure counts,
# and from the $2-th in a row on it pauses the endpoint, for $3 seconds doubled with each pause in a row, at most $4
# (every right-hand side reads the row as it was). A failure while paused (another send in flight when the pause
# began) adds no pause; the first failure after one (the probe) pauses again at once, twice as long.
BREAKER = """
UPDATE webhooks
SET failures = CASE WHEN $5 THEN 0 ELSE failures + 1 END,
    pauses = CASE
        WHEN $5 THEN 0
        WHEN $2 > 0 AND failures + 1 >= $2 AND (paused_until IS NULL OR paused_until <= now()) THEN pauses + 1
        ELSE pauses END,
    paused_until = CASE
        WHEN $5 THEN NULL
        WHEN $2 > 0 AND failures + 1 >= $2 AND (paused_until IS NULL OR paused_until <= now())
            THEN now() + make_interval(secs => least($4::float8, $3::float8 * power(2, least(pauses, 30))))
        ELSE paused_until END,
    pause_reason = CASE
        WHEN $5 THEN NULL
        WHEN $2 > 0 AND failures + 1 >= $2 AND (paused_until IS NULL OR paused_until <= now())
            THEN format('%s consecutive failed attempts (the last: %s)', failures + 1, $6::text)
        ELSE pause_reason END
WHERE webhook_id = $1
"""

# a pending delivery of a paused endpoint goes once the pause is over, at the earliest
DELIVERIES = """
SELECT d.delivery_id, d.game_id, d.version, d.topic, d.status, d.created_at, d.delivered_at,
       greatest(d.next_attempt_at, w.paused_until) AS next_attempt_at
FROM webhook_deliveries d JOIN webhooks w USING (webhook_id)
WHERE d.webhook_id = $1 AND ($2::text IS NULL OR d.game_id = $2) AND ($3::bigint IS NULL OR d.delivery_id < $3)
ORDER BY d.delivery_id DESC
LIMIT $4
"""

# `tapis webhooks resend`: the given-up deliveries of live endpoints (a deleted endpoint's are never sent again).
# By endpoint the log's index (webhook_id, delivery_id) finds them; by game alone the table is read whole, which an
# operator's command may do.
GIVEN_UP = """
SELECT d.delivery_id, d.webhook_id, d.game_id, d.version, d.topic, d.attempts, d.last_status, d.last_error
FROM webhook_deliveries d JOIN webhooks w USING (webhook_id)
WHERE d.status = 'failed' AND w.deleted_at IS NULL
  AND ($1::text IS NULL OR d.webhook_id = $1) AND ($2::text IS NULL OR d.game_id = $2)
ORDER BY d.delivery_id
"""

# Pending and due at once, the attempts kept (webhook_attempts is keyed by the attempt's number, so the next one is
# numbered on and the log keeps every earlier one). The endpoints' current pause ends (set to now, so that
# `paused_until` still shows the last one): the operator says the endpoint is back. The breaker's failure count
# stays, so a failing first attempt pauses it again, for twice as long. One statement: all or nothing.
REQUEUE = """
WITH requeued AS (
    UPDATE webhook_deliveries d
    SET status = 'pending', next_attempt_at = now()
    FROM webhooks w
    WHERE w.webhook_id = d.webhook_id AND d.status = 'failed' AND w.deleted_at IS NULL
      AND ($1::text IS NULL OR d.webhook_id = $1) AND ($2::text IS NULL OR d.game_id = $2)
    RETURNING d.delivery_id, d.webhook_id, d.game_id, d.version, d.topic, d.attempts, d.last_status, d.last_error
), unpaused AS (
    UPDATE webhooks SET paused_until = now()
    WHERE webhook_id IN (SELECT webhook_id FROM requeued) AND paused_until > now()
)
SELECT * FROM requeued ORDER BY delivery_id
"""


def _given_up(row: asyncpg.Record) -> GivenUp:
    return GivenUp(
        delivery_id=row["delivery_id"],
        webhook_id=row["webhook_id"],
        game_id=row["game_id"],
        version=row["version"],
        topic=row["topic"],
        attempts=row["attempts"],
        last_status=row["last_status"],
        last_error=row["last_error"],
    )


def _webhook(row: asyncpg.Record) -> Webhook:
    return Webhook(
        webhook_id=row["webhook_id"],
        url=row["url"],
        topics=list(row["topics"]),
        created_at=row["created_at"],
        consecutive_failures=row["failures"],
        paused_until=row["paused_until"],
        pause_reason=row["pause_reason"],
    )


class PostgresWebhookStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def add(self, webhook_id: str, api_key_id: str, url: str, topics: list[str], secret: str) -> Webhook:
        with postgres_errors():
            row = await self._pool.fetchrow(
                "INSERT INTO webhooks (webhook_id, api_key_id, url, topics, secret) VALUES ($1, $2, $3, $4, $5)"
                " RETURNING webhook_id, url, topics, created_at, failures, paused_until, pause_reason",
                webhook_id,
                api_key_id,
                url,
                topics,
                secret,
            )
        return _webhook(row)

    async def count(self, api_key_id: str) -> int:
        with postgres_errors():
            found: int = await self._pool.fetchval(
                "SELECT count(*) FROM webhooks WHERE api_key_id = $1 AND deleted_at IS NULL", api_key_id
            )
        return found

    async def of_key(self, api_key_id: str) -> list[Webhook]:
        with postgres_errors():
            rows = await self._pool.fetch(
                "SELECT webhook_id, url, topics, created_at, failures, paused_until, pause_reason"
                " FROM webhooks WHERE api_key_id = $1 AND deleted_at IS NULL ORDER BY created_at, webhook_id",
                api_key_id,
            )
        return [_webhook(r) for r in rows]

    async def get(self, api_key_id: str, webhook_id: str) -> Webhook | None:
        with postgres_errors():
            row = await self._pool.fetchrow(
                "SELECT webhook_id, url, topics, created_at, failures, paused_until, pause_reason"
                " FROM webhooks WHERE webhook_id = $1 AND api_key_id = $2 AND deleted_at IS NULL",
                webhook_id,
                api_key_id,
            )
        return _webhook(row) if row else None

    async def delete(self, api_key_id: str, webhook_id: str) -> bool:
        with postgres_errors():
            async with self._pool.acquire() as conn, conn.transaction():
                deleted = await conn.execute(
                    "UPDATE webhooks SET deleted_at = now()"
                    " WHERE webhook_id = $1 AND api_key_id = $2 AND deleted_at IS NULL",
                    webhook_id,
                    api_key_id,
                )
                if deleted != "UPDATE 1":
                    return False
                await conn.execute(
                    "UPDATE webhook_deliveries SET status = 'cancelled' WHERE webhook_id = $1 AND status = 'pending'",
                    webhook_id,
                )
        return True

    async def deliveries(self, webhook_id: str, game_id: str | None, before: int | None, limit: int) -> list[Delivery]:
        with postgres_errors():
            async with self._pool.acquire() as conn:
                rows = await conn.fetch(DELIVERIES, webhook_id, game_id, before, limit)
                attempts = await conn.fetch(
                    "SELECT delivery_id, attempt, attempted_at, status_code, error, duration_ms FROM webhook_attempts"
                    " WHERE delivery_id = ANY($1::bigint[]) ORDER BY delivery_id, attempt",
                    [r["delivery_id"] for r in rows],
                )
        by_delivery: dict[int, list[Attempt]] = {}
        for a in attempts:
            by_delivery.setdefault(a["delivery_id"], []).append(
                Attempt(
                    attempt=a["attempt"],
                    attempted_at=a["attempted_at"],
                    status_code=a["status_code"],
                    error=a["error"],
                    duration_ms=a["duration_ms"],
                )
            )
        return [
            Delivery(
                delivery_id=r["delivery_id"],
                game_id=r["game_id"],
                version=r["version"],
                topic=r["topic"],
                status=r["status"],
                created_at=r["created_at"],
                next_attempt_at=r["next_attempt_at"] if r["status"] == "pending" else None,
                delivered_at=r["delivered_at"],
                attempts=by_delivery.get(r["delivery_id"], []),
            )
            for r in rows
        ]

    async def checkpoint(self, name: str) -> Checkpoint:
        with postgres_errors():
            row = await self._pool.fetchrow(CHECKPOINT, name)
            if row is None:
                # another process created the row at the same moment: our INSERT waited for it and did nothing,
                # and our SELECT's snapshot predates it; read again now that it is committed
                row = await self._pool.fetchrow(CHECKPOINT, name)
        assert row is not None, "the checkpoint row exists once the statement ran twice"
        shards = msgspec.json.decode(row["shards"], type=tuple[tuple[str, int, int], ...])
        return Checkpoint(tx_id=row["tx_id"], position=row["position"], shards=shards)

    async def subscribers(self, game_ids: list[str]) -> dict[str, list[Subscriber]]:
        with postgres_errors():
            rows = await self._pool.fetch(
                "SELECT g.game_id, w.webhook_id, w.topics, w.created_at"
                " FROM games g JOIN webhooks w ON w.api_key_id = g.api_key_id"
                " WHERE g.game_id = ANY($1::text[]) AND w.deleted_at IS NULL"
                " ORDER BY w.created_at, w.webhook_id",
                game_ids,
            )
        found: dict[str, list[Subscriber]] = {}
        for r in rows:
            found.setdefault(r["game_id"], []).append(
                Subscriber(webhook_id=r["webhook_id"], topics=list(r["topics"]), created_at=r["created_at"])
            )
        return found

    async def intake(self, name: str, seen: Checkpoint, reached: Checkpoint, deliveries: list[NewDelivery]) -> bool:
        with postgres_errors():
            async with self._pool.acquire() as conn, conn.transaction():
                # compare and set: of two processes reading the same batch, one writes it
                # (the places per shard of a log read shard by shard, Citus, in one sorted list: compared whole)
                moved = await conn.execute(
                    "UPDATE webhook_checkpoint SET tx_id = $2, position = $3, shards = $6::jsonb"
                    " WHERE name = $1 AND tx_id = $4 AND position = $5 AND shards = $7::jsonb",
                    name,
                    reached.tx_id,
                    reached.position,
                    seen.tx_id,
                    seen.position,
                    msgspec.json.encode(reached.shards).decode(),
                    msgspec.json.encode(seen.shards).decode(),
                )
                if moved != "UPDATE 1":
                    return False
                if deliveries:
                    await conn.execute(
                        INSERT_DELIVERIES,
                        [d.webhook_id for d in deliveries],
                        [d.game_id for d in deliveries],
                        [d.position for d in deliveries],
                        [d.version for d in deliveries],
                        [d.topic for d in deliveries],
                        [d.body for d in deliveries],
                    )
        return True

    async def claim(self, limit: int, lease_seconds: float, caps: SendCaps | None = None) -> list[Claimed]:
        endpoints = caps.busy_endpoints if caps is not None else {}
        keys = caps.busy_keys if caps is not None else {}
        with postgres_errors():
            rows = await self._pool.fetch(
                CLAIM,
                limit,
                lease_seconds,
                caps.per_endpoint if caps is not None else None,
                caps.per_key if caps is not None else None,
                list(endpoints),
                list(endpoints.values()),
                list(keys),
                list(keys.values()),
            )
        return [
            Claimed(
                delivery_id=r["delivery_id"],
                webhook_id=r["webhook_id"],
                url=r["url"],
                secret=r["secret"],
                game_id=r["game_id"],
                version=r["version"],
                attempt=r["attempts"],
                body=bytes(r["body"]),
                api_key_id=r["api_key_id"],
            )
            for r in rows
        ]

    async def finish(
        self, claimed: Claimed, outcome: Outcome, retry_in: float | None, breaker: Breaker | None = None
    ) -> None:
        status = "delivered" if outcome.ok else ("pending" if retry_in is not None else "failed")
        with postgres_errors():
            async with self._pool.acquire() as conn, conn.transaction():
                await conn.execute(
                    "INSERT INTO webhook_attempts (delivery_id, attempt, status_code, error, duration_ms)"
                    " VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                    claimed.delivery_id,
                    claimed.attempt,
                    outcome.status_code,
                    outcome.error,
                    outcome.duration_ms,
                )
                await conn.execute(
                    FINISH,
                    claimed.delivery_id,
                    claimed.attempt,
                    status,
                    retry_in or 0.0,
                    outcome.status_code,
                    outcome.error,
                )
                if breaker is not None:
                    await conn.execute(
                        BREAKER,
                        claimed.webhook_id,
                        breaker.failures,
                        breaker.pause_seconds,
                        breaker.max_pause_seconds,
                        outcome.ok,
                        outcome.error or f"HTTP {outcome.status_code}",
                    )

    async def given_up(self, webhook_id: str | None, game_id: str | None) -> list[GivenUp]:
        with postgres_errors():
            rows = await self._pool.fetch(GIVEN_UP, webhook_id, game_id)
        return [_given_up(r) for r in rows]

    async def requeue(self, webhook_id: str | None, game_id: str | None) -> list[GivenUp]:
        with postgres_errors():
            rows = await self._pool.fetch(REQUEUE, webhook_id, game_id)
        return [_given_up(r) for r in rows]
