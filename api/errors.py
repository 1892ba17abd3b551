"""Every error leaves as `{"error": {"code", "message", "details"}}` with its documented status."""

from __future__ import annotations

import logging
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException

from domain.kernel.errors import RuleViolation
from services.errors import ServiceError, Unavailable
from services.ports import ProjectionUnavailable, StoreUnavailable

log = logging.getLogger("tapis.api")

# Lobby and lifecycle refusals are conflicts with the game's state; other rule refusals are 422.
CONFLICT_CODES = frozenset(
    {
        "seat_taken",
        "game_full",
        "already_started",
        "seats_empty",
        "game_not_active",
        "seat_gone",
        "game_not_finished",
        "rematch_exists",
        "name_taken",
        "game_expired",
        "no_rematch",
    }
)
HTTP_CODES = {
    400: "invalid_body",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    429: "rate_limited",
}
RETRY_AFTER_SECONDS = "2"


def error_response(status: int, code: str, message: str, details: Any = None) -> Response[Any]:
    headers = {"Retry-After": RETRY_AFTER_SECONDS} if status == 503 else None
    return Response(
        {"error": {"code": code, "message": message, "details": details}}, status_code=status, headers=headers
    )


def rule_status(code: str) -> int:
    return 409 if code in CONFLICT_CODES else 422


def on_rule_violation(_: Request[Any, Any, Any], exc: RuleViolation) -> Response[Any]:
    return error_response(rule_status(exc.code), exc.code, exc.message, exc.details)


def on_service_error(_: Request[Any, Any, Any], exc: ServiceError) -> Response[Any]:
    return error_response(exc.status, exc.code, exc.message, exc.details)


def on_store_unavailable(request: Request[Any, Any, Any], exc: StoreUnavailable) -> Response[Any]:
    return on_service_error(request, Unavailable("the event store is unavailable"))


def on_validation(_: Request[Any, Any, Any], exc: ValidationException) -> Response[Any]:
    # a query parameter of the wrong type or out of its range (`after=2147483648`) is `invalid_query`, as the
    # services word their own query refusals; anything else Litestar validates is the body
    errors = exc.extra if isinstance(exc.extra, list) else []
    in_query = bool(errors) and all(isinstance(e, dict) and e.get("source") == "query" for e in errors)
    if in_query:  # Litestar's message repeats the whole URL, which may be 5,000 digits long
        names = ", ".join(sorted({str(e.get("key")) for e in errors}))
        return error_response(
            400, "invalid_query", f"a query parameter of the wrong type or out of its range: {names}", errors
        )
    return error_response(400, "invalid_body", exc.detail, exc.extra)


def on_projection_unavailable(request: Request[Any, Any, Any], exc: ProjectionUnavailable) -> Response[Any]:
    # the services fall back to Postgres where Redis fails; one that escapes (a Redis Cluster failing over under a
    # path with no fallback) is a 503 with Retry-After, never a 500
    return on_service_error(request, Unavailable("the projections are unavailable"))


def on_http(_: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    code = HTTP_CODES.get(exc.status_code, "http_error")
    response = error_response(exc.status_code, code, exc.detail)
    if exc.headers:  # e.g. `Allow` on a 405, which RFC 9110 requires
        response.headers.update(exc.headers)
    return response


def on_unexpected(_: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    # Lost connections to a store surface here when they escape the adapters' own mapping.
    if isinstance(exc, OSError | ConnectionError):
        return on_service_error(_, Unavailable("a backing service is unavailable"))
    log.exception("unexpected error", exc_info=exc)
    return error_response(500, "internal_error", "an unexpected error occurred")


EXCEPTION_HANDLERS: Any = {
    RuleViolation: on_rule_violation,
    ServiceError: on_service_error,
    StoreUnavailable: on_store_unavailable,
    ProjectionUnavailable: on_projection_unavailable,
    ValidationException: on_validation,
    HTTPException: on_http,
    Exception: on_unexpected,
}
