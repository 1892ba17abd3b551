"""Request-scoped dependencies: the services (from app state) and the bearer token."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.di import NamedDependency

from bootstrap import Services
from services.errors import BadRequest, Unauthorized

__all__ = ["Services", "parse_version_header", "provide_services", "provide_token"]


def provide_services(request: Request[Any, Any, Any]) -> Services:
    # from the app's own state: asking Litestar for `state` builds a copy of it on every request
    services: Services = request.app.state.services
    return services


def provide_token(request: Request[Any, Any, Any], services: NamedDependency[Services]) -> str | None:
    """`Authorization: Bearer <token>`; absent means a spectator.

    It takes `services` only to be resolved after it: two independent dependencies make Litestar open a task
    group on every request, which cost 15-25 % of the commands/s in `make bench`.
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("use Authorization: Bearer <token>", code="invalid_token")
    return token.strip()


def parse_version_header(value: str | None, header: str) -> int | None:
    """`"12"`, `12` or `W/"12"` → 12."""
    if value is None:
        return None
    raw = value.strip().removeprefix("W/").strip('"')
    if not raw.isdigit():
        raise BadRequest(f'{header} must be a version number in quotes, like "12"', code="invalid_header")
    return int(raw)
