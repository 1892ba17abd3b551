"""Liveness and the state of the backing services."""

from __future__ import annotations

from litestar import Controller, Response, get
from litestar.di import NamedDependency

from api.dependencies import Services
from api.schemas import Health
from services.ports import ProjectionUnavailable, StoreUnavailable


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
