"""The Litestar application: wiring of adapters into services, lifespan, error mapping, OpenAPI."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import redis.asyncio as redis
from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Provide
from litestar.middleware import DefineMiddleware
from litestar.openapi import OpenAPIConfig

from api.controllers.catalog import CatalogController
from api.controllers.games import GamesController
from api.controllers.health import HealthController
from api.controllers.live import LiveController
from api.controllers.seats import SeatsController
from api.controllers.webhooks import WebhooksController
from api.dependencies import Services, provide_services, provide_token
from api.errors import EXCEPTION_HANDLERS
from api.ratelimit import Rate, RateLimits
from infra.event_store import PostgresEventStore
from infra.key_store import PostgresKeyStore
from infra.live import PublishingProjections, RedisWakeups
from infra.mailbox import RedisMailbox
from infra.migrate import current_revision, head_revision
from infra.record_news import RedisRecordNews
from infra.seat_store import PostgresSeatStore
from infra.settings import Settings
from infra.webhook_http import HttpxPoster
from infra.webhook_store import PostgresWebhookStore
from services.audit import Auditor
from services.bot_sweeper import BotSweeper
from services.commands import GameCommands
from services.config import ServiceConfig
from services.keys import PortalKeys
from services.live import LiveStreams
from services.projector import Projector
from services.queries import GameQueries
from services.repository import Repository
from services.seats import SeatCommands
from services.timer import TurnTimer
from services.webhooks import PortalWebhooks, RetryPolicy, WebhookWorker

log = logging.getLogger("tapis")


async def keep_session(_: asyncpg.Connection) -> None:
    """Release a pooled connection without asyncpg's reset query (RESET ALL, UNLISTEN, ...).

    Tapis sets no session state, takes no advisory locks and listens to nothing, and asyncpg still rolls back
    any open transaction itself; the reset was one more round trip to Postgres on every command.
    """


class UnmigratedDatabase(RuntimeError):
    pass


async def check_schema(pool: asyncpg.Pool) -> None:
    async with pool.acquire() as conn:
        current = await current_revision(conn)
    if current != head_revision():
        raise UnmigratedDatabase(
            f"the database is at revision {current}, the code needs {head_revision()}: run `tapis migrate`"
        )


def build_services(pool: asyncpg.Pool, client: redis.Redis, settings: Settings) -> Services:
    store = PostgresEventStore(pool)
    repo = Repository(store, PublishingProjections(client))
    config = ServiceConfig(
        allow_client_seeds=settings.allow_client_seeds,
        api_keys=settings.api_keys,
        command_retries=settings.command_retries,
        bot_moves_per_command=settings.bot_moves_per_command,
    )
    keys = PortalKeys(
        PostgresKeyStore(pool), settings.api_keys, required=bool(settings.api_keys) or settings.require_api_key
    )
    commands = GameCommands(repo, config, keys)
    seat_store = PostgresSeatStore(pool)
    queries = GameQueries(repo)
    news = RedisRecordNews(client)
    seats = SeatCommands(commands, seat_store, RedisMailbox(client), news)
    webhook_store = PostgresWebhookStore(pool)
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
        projector=Projector(repo),
        keys=keys,
        seats=seats,
        timer=TurnTimer(commands, seat_store),
        live=LiveStreams(queries, seats, RedisWakeups(client), settings.heartbeat_seconds),
        webhooks=PortalWebhooks(keys, webhook_store),
        deliveries=WebhookWorker(repo, webhook_store, HttpxPoster(), retries),
        bot_sweeper=BotSweeper(commands, grace=settings.bot_grace_seconds),
        record_news=news,
    )


def redis_client(url: str) -> redis.Redis:
    # short timeouts: when Redis is down, requests fall back to Postgres instead of hanging
    return redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5, health_check_interval=10)


def create_app(settings: Settings | None = None, run_projector: bool = True) -> Litestar:
    settings = settings or Settings.from_env()
    if not settings.database_url or not settings.redis_url:
        raise RuntimeError("DATABASE_URL and REDIS_URL must be set (`tapis serve` starts embedded servers)")
    database_url, redis_url = settings.database_url, settings.redis_url

    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = await asyncpg.create_pool(database_url, min_size=1, max_size=settings.pool_size, reset=keep_session)
        client = redis_client(redis_url)
        stop = asyncio.Event()
        tasks: list[asyncio.Task[None]] = []
        services: Services | None = None
        try:
            await check_schema(pool)
            services = build_services(pool, client, settings)
            app.state.services = services
            if run_projector:
                tasks.append(asyncio.create_task(services.projector.run_forever(stop, settings.projector_interval)))
                tasks.append(asyncio.create_task(services.timer.run_forever(stop, settings.timer_interval)))
                tasks.append(asyncio.create_task(services.deliveries.run_forever(stop, settings.webhook_interval)))
                tasks.append(asyncio.create_task(services.bot_sweeper.run_forever(stop, settings.timer_interval)))
                tasks.append(asyncio.create_task(services.record_news.follow(stop, services.repo.forget)))
            yield
        finally:
            stop.set()
            for task in tasks:
                await task
            if services is not None:
                await services.deliveries.poster.aclose()
            await client.aclose()
            await pool.close()

    return Litestar(
        route_handlers=[
            CatalogController,
            GamesController,
            HealthController,
            LiveController,
            SeatsController,
            WebhooksController,
        ],
        dependencies={
            "services": Provide(provide_services, sync_to_thread=False),
            "token": Provide(provide_token, sync_to_thread=False),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=[lifespan],
        state=State({}),
        request_max_body_size=settings.max_body_bytes,
        middleware=[
            DefineMiddleware(
                RateLimits,
                failed_auth=Rate.parse(settings.rate_failed_auth),
                commands=Rate.parse(settings.rate_commands),
            )
        ],
        openapi_config=OpenAPIConfig(
            title="Tapis",
            version="1.0.0",
            description="An event-sourced card-game backend. See README.md and docs/.",
            path="/schema",
        ),
        debug=False,
    )


def app_from_env() -> Any:
    """Entry point for `uvicorn --factory api.app:app_from_env`."""
    return create_app()
