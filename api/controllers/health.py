"""Health: `/v1/health` (the dependencies' status, as it always was), `/v1/health/live` (the process answers) and
`/v1/health/ready` (Postgres and Redis answer and the schema is at this code's head; 503 otherwise, saying which)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable

import msgspec
from litestar import Controller, Response, get
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec

from api.dependencies import Services
from api.metrics import ObservedEventStore
from api.schemas import Health
from infra.driver_errors import postgres_errors
from infra.migrate import current_revision, head_revision
from services.ports import ProjectionUnavailable, StoreUnavailable

CHECK_SECONDS = 2.0  # a check that has not answered by then is down: a probe must not hang on a black hole


class Live(msgspec.Struct):
    status: str  # "ok"


class Checks(msgspec.Struct):
    postgres: str  # "ok", "down"
    redis: str  # "ok", "down"
    schema: str  # "ok", "not_at_head" (migrate, or a newer release migrated it), "unknown" (Postgres is down)


class Readiness(msgspec.Struct):
    status: str  # "ready" or "not_ready"
    checks: Checks
    failed: list[str]  # the checks that are not "ok", in the order above
    revision: str | None = None  # the schema's revision, when Postgres answered
    head: str | None = None  # the revision this code needs


@functools.cache
def _head() -> str:
    return head_revision()


async def _answers(call: Awaitable[object]) -> bool:
    try:
        await asyncio.wait_for(call, CHECK_SECONDS)
    except (StoreUnavailable, ProjectionUnavailable, TimeoutError, OSError):
        return False
    return True


async def _revision(store: ObservedEventStore) -> str | None:
    with postgres_errors():
        async with store.pool.acquire() as conn:
            return await current_revision(conn)


class HealthController(Controller):
    path = "/v1/health"
    tags = ["health"]

    @get("/", operation_id="health", summary="Liveness and dependency status")
    async def health(self, services: NamedDependency[Services]) -> Response[Health]:
        postgres = redis = "ok"
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
        summary="Readiness: Postgres and Redis answer and the schema is migrated to this code's head (else 503)",
        responses={503: ResponseSpec(Readiness, description="Not ready: `failed` names the checks that failed")},
    )
    async def ready(self, services: NamedDependency[Services]) -> Response[Readiness]:
        store, projections = services.repo.store, services.repo.projections
        postgres, redis = await asyncio.gather(_answers(store.ping()), _answers(projections.ping()))
        revision, schema = None, "unknown"
        if postgres and isinstance(store, ObservedEventStore):
            try:
                revision = await asyncio.wait_for(_revision(store), CHECK_SECONDS)
            except (TimeoutError, OSError, StoreUnavailable):
                postgres = False
            else:
                schema = "ok" if revision == _head() else "not_at_head"
        elif postgres:
            schema = "ok"  # a store without a schema (in memory)
        checks = Checks(postgres="ok" if postgres else "down", redis="ok" if redis else "down", schema=schema)
        failed = [name for name in ("postgres", "redis", "schema") if getattr(checks, name) != "ok"]
        body = Readiness(
            status="not_ready" if failed else "ready", checks=checks, failed=failed, revision=revision, head=_head()
        )
        headers = {"Retry-After": "2"} if failed else None
        return Response(body, status_code=503 if failed else 200, headers=headers)
