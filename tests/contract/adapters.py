"""The adapters a contract test runs against: the memory ones, or the real ones on the test servers."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

import asyncpg
import redis.asyncio as redis

from infra.citus_workers import WorkerPools
from infra.event_store import PostgresEventStore
from infra.key_store import PostgresKeyStore
from infra.live import PublishingProjections, RedisWakeups
from infra.memory.event_store import MemoryEventStore
from infra.memory.key_store import MemoryKeyStore
from infra.memory.live import MemoryWakeups
from infra.memory.projections import MemoryProjections
from infra.memory.record_news import MemoryRecordNews
from infra.memory.webhook_store import MemoryWebhookStore
from infra.record_news import RedisRecordNews
from infra.turn_clock import PostgresTurnClock
from infra.webhook_store import PostgresWebhookStore
from services.ports import DueGames, EventStore, KeyStore, Projections, RecordNews, Wakeups, WebhookStore


class FollowedNews(RecordNews, Protocol):
    """Record news as the app wires it: announced by one process, followed by the others."""

    async def follow(self, stop: asyncio.Event, forget: Callable[[str], None]) -> None: ...


@dataclass(frozen=True)
class Database:
    """What lives in Postgres."""

    store: EventStore
    due: DueGames
    keys: KeyStore
    webhooks: WebhookStore


def memory_database() -> Database:
    store = MemoryEventStore()
    return Database(store=store, due=store, keys=MemoryKeyStore(store), webhooks=MemoryWebhookStore(store))


def postgres_database(pool: asyncpg.Pool, workers: WorkerPools | None = None) -> Database:
    return Database(
        store=PostgresEventStore(pool, workers=workers),
        due=PostgresTurnClock(pool),
        keys=PostgresKeyStore(pool),
        webhooks=PostgresWebhookStore(pool),
    )


class ManualClock:
    """Seconds that pass when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class Cache:
    """What lives in Redis; `elapse(seconds)` lets that much time pass for it (the memory one's clock moves on),
    `quiet` is long enough for a message already sent to arrive (at once in memory, a round trip with Redis)."""

    projections: Projections
    wakeups: Wakeups
    news: FollowedNews
    elapse: Callable[[float], Awaitable[None]]
    quiet: float


def memory_cache() -> Cache:
    clock = ManualClock()

    async def elapse(seconds: float) -> None:
        clock.now += seconds
        await asyncio.sleep(0)

    wakeups = MemoryWakeups()
    return Cache(
        projections=MemoryProjections(wakeups),
        wakeups=wakeups,
        news=MemoryRecordNews(),
        elapse=elapse,
        quiet=0.002,
    )


def redis_cache(client: redis.Redis | redis.RedisCluster) -> Cache:
    """On one primary or a Redis Cluster, with the key layout the app gives that client (bootstrap.redis_layout)."""
    from bootstrap import redis_layout
    from infra.projections import CLUSTER_SHARDS

    layout = redis_layout(client, CLUSTER_SHARDS)
    return Cache(
        projections=PublishingProjections(client, layout),
        wakeups=RedisWakeups(client, layout=layout),
        news=RedisRecordNews(client),
        elapse=asyncio.sleep,
        quiet=0.05,
    )
