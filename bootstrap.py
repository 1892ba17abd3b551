"""The composition root: the adapters of `infra/` wired into the services, once, for the API, the CLI and the tests.

`wire` builds the services on one set of adapters: Postgres and Redis (`build_services`, `connected` opening and
closing them around a block for the API's lifespan and the CLI), or memory (`in_memory`, for service tests).
`background` starts the tasks every API process runs. Nothing else constructs a service but the operator's
`tapis keys` (api/keys_cli.py), which builds `PortalKeys` on a key store of its own for one command.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import asyncpg

from domain.kernel.bots import BOT_BUDGETS
from infra.archive_store import PostgresArchive
from infra.citus_workers import WorkerPools
from infra.event_store import PostgresEventStore
from infra.key_store import PostgresKeyStore
from infra.live import PublishingProjections, RedisWakeups
from infra.memory.archive_store import MemoryArchive
from infra.memory.event_store import MemoryEventStore
from infra.memory.key_store import MemoryKeyStore
from infra.memory.live import MemoryWakeups
from infra.memory.projections import MemoryProjections
from infra.memory.record_news import MemoryRecordNews
from infra.memory.webhook_store import MemoryWebhookStore
from infra.migrate import current_revision, head_revision
from infra.projections import CLUSTER_SHARDS, Layout, layout_of
from infra.record_news import RedisRecordNews
from infra.redis_client import Client, connect
from infra.schema_window import window
from infra.settings import Settings
from infra.turn_clock import PostgresTurnClock
from infra.webhook_http import HttpxPoster
from infra.webhook_store import PostgresWebhookStore
from services.archive import Archiver
from services.audit import Auditor
from services.background import run_every
from services.bot_runner import BotRunner
from services.bot_sweeper import BotSweeper
from services.bots import BotPlayer
from services.commands import GameCommands
from services.config import ServiceConfig
from services.export import GameExports
from services.keys import PortalKeys
from services.live import LiveStreams
from services.lobby_sweeper import LobbySweeper
from services.observer import NO_OBSERVER, Observer
from services.ports import (
    SYSTEM_CLOCK,
    Archive,
    Breaker,
    Clock,
    DueGames,
    EventStore,
    KeyStore,
    Projections,
    RecordNews,
    SystemClock,
    Wakeups,
    WebhookPoster,
    WebhookStore,
)
from services.projector import Projector
from services.queries import GameQueries
from services.repository import Repository
from services.seats import SeatCommands
from services.timer import TurnTimer
from services.transact import Transactor
from services.webhooks import PortalWebhooks, RetryPolicy, SendLimits, WebhookWorker


@dataclass
class Services:
    repo: Repository
    commands: GameCommands
    queries: GameQueries
    auditor: Auditor
    exports: GameExports
    archiver: Archiver
    projector: Projector
    keys: PortalKeys
    seats: SeatCommands
    timer: TurnTimer
    live: LiveStreams
    webhooks: PortalWebhooks
    deliveries: WebhookWorker
    bot_sweeper: BotSweeper
    bot_runner: BotRunner
    lobby_sweeper: LobbySweeper
    record_news: RecordNews
    clock: Clock  # what the background loops wait on
    pool: asyncpg.Pool | None = None  # Postgres' pool, for the API's sampled gauges (None in memory)


class UnmigratedDatabase(RuntimeError):
    pass


async def keep_session(_: asyncpg.Connection) -> None:
    """Release a pooled connection without asyncpg's reset query (RESET ALL, UNLISTEN, ...).

    Tapis sets no session state, takes no advisory locks and listens to nothing, and asyncpg still rolls back
    any open transaction itself; the reset was one more round trip to Postgres on every command.
    """


async def check_schema(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as conn:
        current = await current_revision(conn)
    # the schema window, as readiness judges it (infra/schema_window.py): a process of this release starts on the
    # next release's expand migration too, so a worker that restarts mid-deploy (or a rollback) is not refused
    allowed = window()
    verdict = allowed.judge(current)
    if verdict != "ok":
        raise UnmigratedDatabase(
            f"the database is at revision {current} ({verdict}); this release runs on {allowed.oldest} to"
            f" {allowed.newest} (its head {head_revision()}): run `tapis migrate`"
        )


# How long one Redis call may take. Short for serving: when Redis is down, requests fall back to Postgres instead of
# hanging. An operator's batch (`tapis rebuild`) writes large pipelines that a busy Redis may take seconds to answer:
# on a 12,000,000-event store the short timeout stopped a rebuild three times (docs/capacity.md).
REDIS_TIMEOUT = 0.5
BATCH_REDIS_TIMEOUT = 30.0


def redis_client(url: str, timeout: float = REDIS_TIMEOUT) -> Client:
    """One primary, or a Redis Cluster for a `redis+cluster://` URL (infra/redis_client.py)."""
    return connect(url, socket_timeout=timeout, socket_connect_timeout=REDIS_TIMEOUT, health_check_interval=10)


def redis_layout(client: Client, shards: int) -> Layout:
    """Where the projections' keys go: today's names on one primary, `shards` hash slots on a cluster."""
    return layout_of(client, shards)


def service_config(settings: Settings) -> ServiceConfig:
    low, high = (bound / 1000 for bound in BOT_BUDGETS)
    if not low <= settings.bot_expert_budget <= high:
        raise ValueError(f"TAPIS_BOT_EXPERT_BUDGET is {low} to {high}, not {settings.bot_expert_budget}")
    return ServiceConfig(
        test_mode=settings.test_mode,
        command_retries=settings.command_retries,
        bot_moves_per_command=settings.bot_moves_per_command,
        bot_think_seconds=settings.bot_think_seconds,
        bot_trade_window_seconds=settings.bot_trade_window_seconds,
        bot_concurrency=settings.bot_concurrency,
        bot_expert_budget=settings.bot_expert_budget,
        reveal_seconds=settings.reveal_seconds,
    )


@dataclass(frozen=True)
class Adapters:
    """One implementation of every port: Postgres and Redis (`real_adapters`), or memory (`memory_adapters`)."""

    store: EventStore
    projections: Projections
    keys: KeyStore
    webhooks: WebhookStore
    poster: WebhookPoster
    news: RecordNews
    wakeups: Wakeups
    due: DueGames
    archive: Archive
    # the time every service reads and waits on: it stamps the events each write appends (dealing 3's chain covers
    # the time), paces the loops, the bots' pauses and the webhooks' time limits; a manual one in the unit tests
    clock: Clock = SYSTEM_CLOCK
    # who watches the services and the store (metrics, traces, logs): the API's, given by api/app.py
    observer: Observer = NO_OBSERVER


def real_adapters(
    pool: asyncpg.Pool,
    client: Client,
    shards: int = CLUSTER_SHARDS,
    observer: Observer = NO_OBSERVER,
    *,
    poster: WebhookPoster | None = None,
    clock: Clock = SYSTEM_CLOCK,
    workers: WorkerPools | None = None,
) -> Adapters:
    """Postgres and Redis; `poster` and `clock` are the two adapters a test of a real server may want to give
    (a receiver in the process, a clock of its own): by default real HTTP and the system's time. `workers`: on
    Citus, the pools that send each append to its worker (TAPIS_CITUS_WORKER_APPENDS); None, through the coordinator."""
    layout = redis_layout(client, shards)
    return Adapters(
        store=PostgresEventStore(pool, observer=observer, workers=workers),  # appends timed and traced by the observer
        projections=PublishingProjections(client, layout),
        keys=PostgresKeyStore(pool),
        webhooks=PostgresWebhookStore(pool),
        poster=poster if poster is not None else HttpxPoster(),
        news=RedisRecordNews(client),
        wakeups=RedisWakeups(client, layout=layout),
        due=PostgresTurnClock(pool),
        archive=PostgresArchive(pool),
        clock=clock,
        observer=observer,
    )


def memory_adapters(
    clock: Clock | None = None,
    observer: Observer = NO_OBSERVER,
    *,
    store: MemoryEventStore | None = None,
    projections: Projections | None = None,
    wakeups: MemoryWakeups | None = None,
    keys: KeyStore | None = None,
    webhooks: WebhookStore | None = None,
    poster: WebhookPoster | None = None,
    news: RecordNews | None = None,
    due: DueGames | None = None,
    archive: Archive | None = None,
) -> Adapters:
    """Every port in memory, behaving as Postgres and Redis do (tests/contract/ checks it): for service tests.

    Each adapter may be given (a fake, a spy, a paced store) and the rest are built around it: the key store, the
    webhook store, the turn clock and the archive live in the same database as `store`, the projections wake
    `wakeups`. Nothing is patched by name: a test passes what it wants. The one real I/O adapter, the webhook
    poster, is real HTTP unless given (its client loads the system's CA certificates, 20 to 40 ms: service tests
    pass an in-process one, tests/unit/services/fakes.py)."""
    if store is None:
        store = MemoryEventStore(clock.now) if clock is not None else MemoryEventStore()
    elif clock is not None:
        store.clock = clock.now
    if clock is None:
        clock = SystemClock(wall=store.clock)  # the store's stamps, the system's time for the rest
    wakeups = wakeups if wakeups is not None else MemoryWakeups(clock)
    return Adapters(
        store=store,
        projections=projections if projections is not None else MemoryProjections(wakeups),
        keys=keys if keys is not None else MemoryKeyStore(store),
        webhooks=webhooks if webhooks is not None else MemoryWebhookStore(store),
        poster=poster if poster is not None else HttpxPoster(),
        news=news if news is not None else MemoryRecordNews(),
        wakeups=wakeups,
        due=due if due is not None else store,
        archive=archive if archive is not None else MemoryArchive(store),
        clock=clock,
        observer=observer,
    )


def build_services(
    pool: asyncpg.Pool,
    client: Client,
    settings: Settings,
    observer: Observer = NO_OBSERVER,
    poster: WebhookPoster | None = None,
    workers: WorkerPools | None = None,
) -> Services:
    adapters = real_adapters(pool, client, settings.redis_cluster_shards, observer, poster=poster, workers=workers)
    services = wire(adapters, settings)
    services.pool = pool
    return services


def in_memory(
    settings: Settings | None = None, adapters: Adapters | None = None, observer: Observer = NO_OBSERVER
) -> Services:
    """The whole service layer on in-memory adapters: what `tests/unit/services/` drives (`observer`: the API's,
    for the tests of its metrics)."""
    # for tests and tools: a server in test mode (a creator may choose the seed), as `make run` never is
    return wire(adapters or memory_adapters(observer=observer), settings or Settings(test_mode=True))


def wire(adapters: Adapters, settings: Settings) -> Services:
    config = service_config(settings)
    clock = adapters.clock
    repo = Repository(adapters.store, adapters.projections, adapters.archive)
    exports = GameExports(repo)
    transactor = Transactor(repo, config.command_retries, clock.now, adapters.observer)
    bots = BotPlayer(
        transactor,
        config.bot_moves_per_command,
        config.bot_think_seconds,
        config.bot_concurrency,
        trade_window=config.bot_trade_window_seconds,
        expert_budget=config.bot_expert_budget,
        clock=clock,
    )
    keys = PortalKeys(adapters.keys, settings.api_keys, required=bool(settings.api_keys) or settings.require_api_key)
    commands = GameCommands(transactor, bots, config, keys)
    seats = SeatCommands(transactor, bots, commands, adapters.news, clock)
    queries = GameQueries(repo)
    retries = RetryPolicy(
        max_attempts=settings.webhook_max_attempts,
        base_seconds=settings.webhook_backoff,
        max_seconds=settings.webhook_backoff_max,
        timeout_seconds=settings.webhook_timeout,
    )
    return Services(
        repo=repo,
        commands=commands,
        queries=queries,
        auditor=Auditor(repo),
        exports=exports,
        archiver=Archiver(repo, exports, adapters.archive, settings.archive_after_seconds, clock=clock.now),
        projector=Projector(repo, adapters.store, adapters.projections),
        keys=keys,
        seats=seats,
        timer=TurnTimer(transactor, bots, adapters.due, clock=clock.now),
        live=LiveStreams(queries, seats, adapters.wakeups, settings.heartbeat_seconds, settings.max_streams_per_client),
        webhooks=PortalWebhooks(keys, adapters.webhooks),
        deliveries=WebhookWorker(
            repo,
            adapters.store,
            adapters.webhooks,
            adapters.poster,
            retries,
            limits=SendLimits(
                settings.webhook_sends, settings.webhook_sends_per_key, settings.webhook_sends_per_endpoint
            ),
            breaker=Breaker(settings.webhook_pause_after, settings.webhook_pause, settings.webhook_pause_max),
            interval=settings.webhook_interval,
            clock=clock,
            observer=adapters.observer,
        ),
        bot_sweeper=BotSweeper(repo, bots, adapters.projections, grace=settings.bot_grace_seconds, clock=clock.time),
        bot_runner=bots.runner,
        lobby_sweeper=LobbySweeper(transactor, adapters.projections, settings.lobby_ttl_seconds, clock=clock.time),
        record_news=adapters.news,
        clock=clock,
    )


def background(services: Services, settings: Settings, stop: asyncio.Event) -> list[asyncio.Task[None]]:
    """The tasks every API process runs until `stop` is set: projector, turn timer, webhooks, bot sweeper, bot runner,
    the archive when configured, and the record news that tells this process a seat's token was let go elsewhere."""
    deliveries, clock = services.deliveries, services.clock
    # the archive task only when configured (TAPIS_ARCHIVE_AFTER_SECONDS): off, no game ever leaves the hot tables
    archiving = (
        [asyncio.create_task(run_every("archive", services.archiver.step, stop, settings.archive_interval, clock))]
        if settings.archive_after_seconds is not None
        else []
    )
    return [
        *archiving,
        asyncio.create_task(run_every("projector", services.projector.step, stop, settings.projector_interval, clock)),
        asyncio.create_task(run_every("timer", services.timer.step, stop, settings.timer_interval, clock)),
        asyncio.create_task(
            run_every("webhooks", lambda: deliveries.step(stop), stop, settings.webhook_interval, clock)
        ),
        asyncio.create_task(run_every("bots", services.bot_sweeper.step, stop, settings.timer_interval, clock)),
        asyncio.create_task(run_every("lobby", services.lobby_sweeper.step, stop, settings.timer_interval, clock)),
        asyncio.create_task(services.bot_runner.run(stop)),
        asyncio.create_task(services.record_news.follow(stop, services.repo.forget)),
    ]


@contextlib.asynccontextmanager
async def connected(
    settings: Settings,
    pool_size: int | None = None,
    observer: Observer = NO_OBSERVER,
    poster: WebhookPoster | None = None,
    redis_timeout: float = REDIS_TIMEOUT,
) -> AsyncIterator[Services]:
    """The services on the configured servers (the schema checked), closed when the block ends; `observer`: who
    watches them (the API's metrics and traces, api/observe.py; nobody for the CLI); `poster`: who sends the
    webhooks (real HTTP unless given); `redis_timeout`: how long one Redis call may take (REDIS_TIMEOUT)."""
    if not settings.database_url or not settings.redis_url:
        raise RuntimeError("DATABASE_URL and REDIS_URL must be set (`tapis serve` starts embedded servers)")
    pool = await asyncpg.create_pool(
        settings.database_url, min_size=1, max_size=pool_size or settings.pool_size, reset=keep_session
    )
    client = redis_client(settings.redis_url, redis_timeout)
    workers = worker_pools(pool, settings.database_url) if settings.citus_worker_appends else None
    services: Services | None = None
    try:
        await check_schema(pool)
        services = build_services(pool, client, settings, observer, poster, workers)
        yield services
    finally:
        if services is not None:
            await services.deliveries.poster.aclose()
        await client.aclose()
        if workers is not None:
            await workers.close()
        await pool.close()


WORKER_CONNECT_TIMEOUT = 5.0  # seconds: a worker that cannot be reached sends its appends through the coordinator


def worker_pools(coordinator: asyncpg.Pool, database_url: str) -> WorkerPools:
    """Pools to the Citus workers with the coordinator's URL but each worker's host and port. Two connections
    each: the store keeps one group commit in flight per worker, and a batch's fallback reuses its connection."""

    async def open_pool(host: str, port: int) -> asyncpg.Pool:
        return await asyncpg.create_pool(
            database_url,
            host=host,
            port=port,
            min_size=1,
            max_size=2,
            reset=keep_session,
            timeout=WORKER_CONNECT_TIMEOUT,
        )

    return WorkerPools(coordinator, open_pool)
