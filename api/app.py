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

from api.bodies import TapisRequest
from api.controllers.catalog import CatalogController
from api.controllers.games import GamesController
from api.controllers.health import HealthController
from api.controllers.live import LiveController
from api.controllers.seats import SeatsController
from api.controllers.webhooks import WebhooksController
from api.dependencies import provide_services, provide_token
from api.errors import EXCEPTION_HANDLERS
from api.guard import InputGuard
from api.ratelimit import Rate, RateLimits
from bootstrap import background, connected
from infra.settings import Settings

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

    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        stop = asyncio.Event()
        async with connected(settings) as services:
            app.state.services = services
            tune_gc()
            tasks = background(services, settings, stop) if run_projector else []
            try:
                yield
            finally:
                stop.set()
                for task in tasks:
                    await task

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
        request_class=TapisRequest,
        middleware=[
            InputGuard,
            DefineMiddleware(
                RateLimits,
                failed_auth=Rate.parse(settings.rate_failed_auth),
                commands=Rate.parse(settings.rate_commands),
            ),
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
