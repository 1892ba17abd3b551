"""The Litestar application: controllers, the lifespan that opens the services (`bootstrap.py`), errors, OpenAPI."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from typing import Any

from litestar import Litestar
from litestar.datastructures import State
from litestar.di import Provide
from litestar.middleware import DefineMiddleware
from litestar.openapi import OpenAPIConfig
from litestar.types import ASGIApp

from api.bodies import TapisRequest
from api.command_route import install as install_command_route
from api.controllers.catalog import CatalogController
from api.controllers.games import GamesController
from api.controllers.health import HealthController
from api.controllers.live import LiveController
from api.controllers.seats import SeatsController
from api.controllers.webhooks import WebhooksController
from api.dependencies import provide_services, provide_token
from api.errors import EXCEPTION_HANDLERS
from api.guard import InputGuard
from api.logs import RequestContext, before_send, configure_logging
from api.metrics import PROMETHEUS, MetricsController, sampler_for
from api.observe import ApiObserver
from api.ratelimit import Limiter, RateLimits, parse_trusted
from api.schema_site import schema_pages
from api.shutdown import SHUTDOWN
from api.static_files import web_client
from api.tracing import Tracing, untraced
from bootstrap import background, connected
from infra.settings import Settings
from services.background import run_every

log = logging.getLogger("tapis")


def tune_gc() -> None:
    """Fewer, cheaper garbage collections for a server whose objects mostly die young or live for ever.

    A command allocates thousands of small objects (events, states evolved by copy, answers), nearly all gone by the
    end of the request and none in a cycle; at CPython's default threshold (700) a collection ran every few
    requests, walking the long-lived caches each time it reached the older generations. The modules, the app
    and the services built at start are frozen (never walked again), and a young collection waits for 50,000
    allocations.
    """
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def create_app(settings: Settings | None = None, run_projector: bool = True) -> Litestar:
    settings = settings or Settings.from_env()
    if not settings.database_url or not settings.redis_url:
        raise RuntimeError("DATABASE_URL and REDIS_URL must be set (`tapis serve` starts embedded servers)")

    limiter = Limiter.from_settings(settings)  # rate limits shared by every process (api/ratelimit.py)
    tracing = Tracing.start(settings)  # None unless configured (api/tracing.py)

    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        stop = asyncio.Event()
        # JSON lines (api/logs.py)
        configure_logging(settings.log_level, settings.log_format, request_sample=settings.request_log_sample)
        async with contextlib.AsyncExitStack() as opened:
            with untraced():  # the start's schema check: not a trace of its own per statement (api/tracing.py)
                services = await opened.enter_async_context(connected(settings, observer=ApiObserver()))
            app.state.services = services
            # the process' shutdown ends its live streams, each told to reconnect elsewhere (api/shutdown.py)
            SHUTDOWN.on_close(services.live.close_all)
            tune_gc()
            tasks = background(services, settings, stop) if run_projector else []
            sampler = sampler_for(services.pool, services.repo.projections)  # lag and backlog gauges
            if run_projector and sampler is not None and settings.metrics_interval > 0:
                tasks.append(asyncio.create_task(run_every("metrics", sampler.step, stop, settings.metrics_interval)))
            try:
                yield
            finally:
                SHUTDOWN.forget(services.live.close_all)
                stop.set()
                for task in tasks:
                    await task
                await limiter.aclose()
                if tracing is not None:
                    tracing.stop()

    app = Litestar(
        route_handlers=[
            CatalogController,
            GamesController,
            HealthController,
            LiveController,
            MetricsController,
            SeatsController,
            WebhooksController,
            web_client(settings.frame_ancestors),
        ],
        dependencies={
            "services": Provide(provide_services, sync_to_thread=False),
            "token": Provide(provide_token, sync_to_thread=False),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=[lifespan],
        state=State({}),
        request_max_body_size=settings.max_body_bytes,
        request_class=TapisRequest,
        middleware=[
            PROMETHEUS.middleware,  # outermost: counts what the middlewares below refuse too (api/metrics.py)
            RequestContext,  # the request's id and game id in its log lines (api/logs.py)
            InputGuard,
            DefineMiddleware(RateLimits, limiter=limiter, trusted=parse_trusted(settings.trusted_proxies)),
        ],
        openapi_config=OpenAPIConfig(
            title="Tapis",
            version="1.0.0",
            description="An event-sourced card-game backend. See README.md and docs/.",
            path="/schema",
            render_plugins=schema_pages(),  # Swagger UI and the whole spec, from this process (api/schema_site.py)
        ),
        before_send=[before_send],  # X-Request-ID on every response, and the request's log line
        logging_config=None,  # every line through api/logs.py's one handler, not a second one of Litestar's
        plugins=[tracing.plugin] if tracing is not None else [],
        debug=False,
    )
    # `POST /v1/games/{id}/commands` is served by api/command_route.py alone, in front of Litestar's router
    install_command_route(app, settings.max_body_bytes)
    return app


def serve_app(settings: Settings | None = None, run_projector: bool = True) -> ASGIApp:
    """What `tapis serve` runs: the app (its command route in front of its router, traced or not)."""
    return create_app(settings or Settings.from_env(), run_projector)


def app_from_env() -> Any:
    """Entry point for `uvicorn --factory api.app:app_from_env` (the workers of `tapis serve --workers N`)."""
    return serve_app()
