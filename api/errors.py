"""Every error leaves as `{"error": {"code", "message", "details"}}` with its documented status."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NamedTuple

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


class ErrorAnswer(NamedTuple):
    """An error as it leaves: its status, the envelope's fields and the headers it needs."""

    status: int
    code: str
    message: str
    details: Any = None
    headers: tuple[tuple[str, str], ...] = ()

    def all_headers(self) -> dict[str, str]:
        headers = dict(self.headers)
        if self.status == 503:
            headers["Retry-After"] = RETRY_AFTER_SECONDS
        return headers

    def envelope(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


def response_of(answer: ErrorAnswer) -> Response[Any]:
    return Response(answer.envelope(), status_code=answer.status, headers=answer.all_headers() or None)


def rule_status(code: str) -> int:
    return 409 if code in CONFLICT_CODES else 422


def _rule_violation(exc: RuleViolation) -> ErrorAnswer:
    return ErrorAnswer(rule_status(exc.code), exc.code, exc.message, exc.details)


def _service_error(exc: ServiceError) -> ErrorAnswer:
    return ErrorAnswer(exc.status, exc.code, exc.message, exc.details)


def _store_unavailable(_: StoreUnavailable) -> ErrorAnswer:
    return _service_error(Unavailable("the event store is unavailable"))


def _validation(exc: ValidationException) -> ErrorAnswer:
    # a query parameter of the wrong type or out of its range (`after=2147483648`) is `invalid_query`, as the
    # services word their own query refusals; anything else Litestar validates is the body
    errors = exc.extra if isinstance(exc.extra, list) else []
    in_query = bool(errors) and all(isinstance(e, dict) and e.get("source") == "query" for e in errors)
    if in_query:  # Litestar's message repeats the whole URL, which may be 5,000 digits long
        names = ", ".join(sorted({str(e.get("key")) for e in errors}))
        return ErrorAnswer(
            400, "invalid_query", f"a query parameter of the wrong type or out of its range: {names}", errors
        )
    return ErrorAnswer(400, "invalid_body", exc.detail, exc.extra)


def _projection_unavailable(_: ProjectionUnavailable) -> ErrorAnswer:
    # the services fall back to Postgres where Redis fails; one that escapes (a Redis Cluster failing over under a
    # path with no fallback) is a 503 with Retry-After, never a 500
    return _service_error(Unavailable("the projections are unavailable"))


def _http(exc: HTTPException) -> ErrorAnswer:
    # `Allow` on a 405, which RFC 9110 requires, and whatever else the exception carries
    headers = tuple(exc.headers.items()) if exc.headers else ()
    return ErrorAnswer(exc.status_code, HTTP_CODES.get(exc.status_code, "http_error"), exc.detail, None, headers)


def _unexpected(exc: BaseException) -> ErrorAnswer:
    # Lost connections to a store surface here when they escape the adapters' own mapping.
    if isinstance(exc, OSError | ConnectionError):
        return _service_error(Unavailable("a backing service is unavailable"))
    log.exception("unexpected error", exc_info=exc)
    return ErrorAnswer(500, "internal_error", "an unexpected error occurred")


# by exception class, the most specific first found along the raised one's MRO (as Litestar picks its handlers)
ANSWERS: dict[type[BaseException], Callable[[Any], ErrorAnswer]] = {
    RuleViolation: _rule_violation,
    ServiceError: _service_error,
    StoreUnavailable: _store_unavailable,
    ProjectionUnavailable: _projection_unavailable,
    ValidationException: _validation,
    HTTPException: _http,
}


def answer_for(exc: BaseException) -> ErrorAnswer:
    """The answer to an exception, wherever it was raised: Litestar's handlers below and the command route's own
    (api/command_route.py) both answer from here, so a refusal reads the same on every path."""
    for kind in type(exc).__mro__:
        found = ANSWERS.get(kind)
        if found is not None:
            return found(exc)
    return _unexpected(exc)


def on_exception(_: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    return response_of(answer_for(exc))


EXCEPTION_HANDLERS: Any = {Exception: on_exception}
