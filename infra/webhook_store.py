"""Webhooks in Postgres: endpoints, the delivery queue and log, every attempt, the intake checkpoint."""

from __future__ import annotations

import asyncpg

from infra.driver_errors import postgres_errors
from services.ports import (
    Attempt,
    Checkpoint,
    Claimed,
    Delivery,
    NewDelivery,
    Outcome,
    Subscriber,
    Webhook,
)

CHECKPOINT = """
WITH created AS (
    INSERT INTO webhook_checkpoint (name, tx_id, position) VALUES ($1, 0, 0)
    ON CONFLICT (name) DO NOTHING
    RETURNING tx_id, position
)
SELECT tx_id, position FROM created
UNION ALL
SELECT tx_id, position FROM webhook_checkpoint WHERE name = $1
"""

# The endpoint's row is not locked: deleting it while a batch is taken in may leave that batch's deliveries
# pending; the sender never claims them (the endpoint is gone), and a deleted endpoint's log is not shown.
INSERT_DELIVERIES = """
INSERT INTO webhook_deliveries (webhook_id, game_id, position, version, topic, body)
SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::text[], $6::bytea[])
ON CONFLICT (webhook_id, position) DO NOTHING
"""

# Only the oldest pending delivery of each (endpoint, game) may go: a game's events arrive in order.
# The row lock (SKIP LOCKED) and the lease (next_attempt_at pushed past the send's timeout) keep two
# processes from sending the same delivery; a process that dies mid-send lets the lease run out, and the
# delivery goes again (at least once). The status and time are checked again on the locked row.
CLAIM = """
WITH heads AS (
    SELECT DISTINCT ON (webhook_id, game_id) delivery_id
    FROM webhook_deliveries
    WHERE status = 'pending'
    ORDER BY webhook_id, game_id, position
), due AS (
    SELECT d.delivery_id
    FROM webhook_deliveries d
    JOIN heads USING (delivery_id)
    JOIN webhooks w ON w.webhook_id = d.webhook_id AND w.deleted_at IS NULL
    WHERE d.status = 'pending' AND d.next_attempt_at <= now()
    ORDER BY d.next_attempt_at
    LIMIT $1
    FOR UPDATE OF d SKIP LOCKED
)
UPDATE webhook_deliveries d
SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
FROM due, webhooks w
WHERE d.delivery_id = due.delivery_id AND w.webhook_id = d.webhook_id
RETURNING d.delivery_id, d.webhook_id, w.url, w.secret, d.game_id, d.version, d.attempts, d.body
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

DELIVERIES = """
SELECT delivery_id, game_id, version, topic, status, created_at, next_attempt_at, delivered_at
FROM webhook_deliveries
WHERE webhook_id = $1 AND ($2::text IS NULL OR game_id = $2) AND ($3::bigint IS NULL OR delivery_id < $3)
ORDER BY delivery_id DESC
LIMIT $4
"""


def _webhook(row: asyncpg.Record) -> Webhook:
    return Webhook(
        webhook_id=row["webhook_id"], url=row["url"], topics=list(row["topics"]), created_at=row["created_at"]
    )


class PostgresWebhookStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def add(self, webhook_id: str, api_key_id: str, url: str, topics: list[str], secret: str) -> Webhook:
        with postgres_errors():
            row = await self._pool.fetchrow(
                "INSERT INTO webhooks (webhook_id, api_key_id, url, topics, secret) VALUES ($1, $2, $3, $4, $5)"
                " RETURNING webhook_id, url, topics, created_at",
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
                "SELECT webhook_id, url, topics, created_at FROM webhooks WHERE api_key_id = $1 AND deleted_at IS NULL"
                " ORDER BY created_at, webhook_id",
                api_key_id,
            )
        return [_webhook(r) for r in rows]

    async def get(self, api_key_id: str, webhook_id: str) -> Webhook | None:
        with postgres_errors():
            row = await self._pool.fetchrow(
                "SELECT webhook_id, url, topics, created_at FROM webhooks"
                " WHERE webhook_id = $1 AND api_key_id = $2 AND deleted_at IS NULL",
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
        return Checkpoint(tx_id=row["tx_id"], position=row["position"])

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
                moved = await conn.execute(
                    "UPDATE webhook_checkpoint SET tx_id = $2, position = $3"
                    " WHERE name = $1 AND tx_id = $4 AND position = $5",
                    name,
                    reached.tx_id,
                    reached.position,
                    seen.tx_id,
                    seen.position,
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

    async def claim(self, limit: int, lease_seconds: float) -> list[Claimed]:
        with postgres_errors():
            rows = await self._pool.fetch(CLAIM, limit, lease_seconds)
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
            )
            for r in rows
        ]

    async def finish(self, claimed: Claimed, outcome: Outcome, retry_in: float | None) -> None:
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
