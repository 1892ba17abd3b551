"""Health: `/v1/health` (the dependencies' status, as it always was), `/v1/health/live` (the process answers) and
`/v1/health/ready` (this process can take commands: Postgres answers, the schema is inside this release's window,
and the process is not shutting down; 503 otherwise, saying which). Redis does not decide readiness: without it
commands go on from Postgres, so a Redis outage is `degraded` (here and in `/v1/health`), not a reason to pull
every process out of the load balancer at once."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable

import msgspec
from litestar import Controller, Response, get
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec

from api.dependencies import Services
from api.schemas import Health
from api.shutdown import SHUTDOWN
from api.tracing import untraced
from infra.migrate import head_revision
from infra.schema_window import Window, window
from services.ports import ProjectionUnavailable, StoreUnavailable

CHECK_SECONDS = 2.0  # a check that has not answered by then is down: a probe must not hang on a black hole


class Live(msgspec.Struct):
    status: str  # "ok"


class Checks(msgspec.Struct):
    postgres: str  # "ok", "down"
    redis: str  # "ok", "down": reported, never failed on (commands go on without it)
    # "ok" (inside the window), "too_old" (run `tapis migrate`), "too_new" (a release more than one ahead migrated
    # it), "unrecognised" (not a revision of ours), "unknown" (Postgres is down)
    schema: str
    process: str  # "ok", "shutting_down" (a graceful shutdown began: the process stops accepting soon)


class Readiness(msgspec.Struct):
    status: str  # "ready", "not_ready", or "shutting_down"
    checks: Checks
    failed: list[str]  # the checks that keep the process out of service, in the order above
    degraded: list[str]  # the checks that failed without doing so ("redis")
    revision: str | None = None  # the schema's revision, when Postgres answered
    head: str | None = None  # the revision this code was written with
    oldest: str | None = None  # the window of revisions it runs against, oldest and newest
    newest: str | None = None


@functools.cache
def _head() -> str:
    return head_revision()


@functools.cache
def _window() -> Window:
    return window(_head())


async def _answers(call: Awaitable[object]) -> bool:
    try:
        await asyncio.wait_for(call, CHECK_SECONDS)
    except (StoreUnavailable, ProjectionUnavailable, TimeoutError, OSError):
        return False
    return True


class HealthController(Controller):
    path = "/v1/health"
    tags = ["health"]

    @get("/", operation_id="health", summary="Liveness and dependency status")
    async def health(self, services: NamedDependency[Services]) -> Response[Health]:
        postgres = redis = "ok"
        with untraced():  # probes are not traced (api/tracing.py): nor are their checks' statements
            try:
                await services.repo.store.ping()
            except StoreUnavailable:
                postgres = "down"
            try:
                await services.repo.projections.ping()
            except ProjectionUnavailable:
                redis = "down"
        status = "ok" if postgres == redis == "ok" else ("degraded" if postgres == "ok" else "down")
        code = 503 if postgres == "down" else 200
        headers = {"Retry-After": "2"} if code == 503 else None
        return Response(Health(status=status, postgres=postgres, redis=redis), status_code=code, headers=headers)

    @get("/live", operation_id="healthLive", summary="Liveness: the process answers (no dependency is asked)")
    async def live(self) -> Live:
        return Live(status="ok")

    @get(
        "/ready",
        operation_id="healthReady",
        summary="Readiness: Postgres answers, the schema is inside this release's window and the process is not "
        "shutting down (else 503); Redis down is reported in `degraded` only",
        responses={503: ResponseSpec(Readiness, description="Not ready: `failed` names the checks that failed")},
    )
    async def ready(self, services: NamedDependency[Services]) -> Response[Readiness]:
        with untraced():  # probes are not traced (api/tracing.py): nor are their checks' statements
            return await self._ready(services)

    async def _ready(self, services: Services) -> Response[Readiness]:
        store, projections = services.repo.store, services.repo.projections
        postgres, redis = await asyncio.gather(_answers(store.ping()), _answers(projections.ping()))
        revision, schema = None, "unknown"
        if postgres:
            try:
                found = await asyncio.wait_for(store.schema(), CHECK_SECONDS)
            except (TimeoutError, OSError, StoreUnavailable):
                postgres = False
            else:
                revision = found.revision
                schema = _window().judge(revision) if found.migrated else "ok"  # a store without a schema: memory
        checks = Checks(
            postgres="ok" if postgres else "down",
            redis="ok" if redis else "down",
            schema=schema,
            process="shutting_down" if SHUTDOWN.draining else "ok",
        )
        failed = [name for name in ("postgres", "schema", "process") if getattr(checks, name) != "ok"]
        status = "shutting_down" if SHUTDOWN.draining else ("not_ready" if failed else "ready")
        body = Readiness(
            status=status,
            checks=checks,
            failed=failed,
            degraded=[] if redis else ["redis"],
            revision=revision,
            head=_head(),
            oldest=_window().oldest,
            newest=_window().newest,
        )
        headers = {"Retry-After": "2"} if failed else None
        return Response(body, status_code=503 if failed else 200, headers=headers)
