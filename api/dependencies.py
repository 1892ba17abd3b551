"""Request-scoped dependencies: the services (from app state) and the bearer token."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.di import NamedDependency

from bootstrap import Services
from services.errors import BadRequest, Unauthorized

__all__ = [
    "MAX_VERSION",
    "Services",
    "bearer_token",
    "parse_version_header",
    "provide_services",
    "provide_token",
    "version_number",
]

MAX_VERSION = 2**31 - 1  # a game's version is a Postgres integer


def provide_services(request: Request[Any, Any, Any]) -> Services:
    # from the app's own state: asking Litestar for `state` builds a copy of it on every request
    services: Services = request.app.state.services
    return services


def provide_token(request: Request[Any, Any, Any], services: NamedDependency[Services]) -> str | None:
    """`Authorization: Bearer <token>`; absent means a spectator.

    It takes `services` only to be resolved after it: two independent dependencies make Litestar open a task
    group on every request, which cost 15-25 % of the commands/s in `make bench`.
    """
    return bearer_token(request.headers.get("authorization"))


def bearer_token(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header's value; None (a spectator) when there is none."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("use Authorization: Bearer <token>", code="invalid_token")
    return token.strip()


def version_number(raw: str) -> int | None:
    """`raw` as a version (0..MAX_VERSION, in ASCII digits), else None.

    `str.isdigit` alone lets through what `int` refuses (a superscript `²`, a ValueError) and numbers of any length
    (5,000 digits: a ValueError past Python's 4,300, an overflow in Postgres below it); neither may reach a 500."""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= len(str(MAX_VERSION))):
        return None
    number = int(raw)
    return number if number <= MAX_VERSION else None


def parse_version_header(value: str | None, header: str) -> int | None:
    """`"12"`, `12` or `W/"12"` → 12."""
    if value is None:
        return None
    version = version_number(value.strip().removeprefix("W/").strip('"'))
    if version is None:
        raise BadRequest(
            f'{header} must be a version number (0 to {MAX_VERSION}) in quotes, like "12"', code="invalid_header"
        )
    return version
