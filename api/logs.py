"""Structured logs (structlog): one JSON object a line on stderr, each tied to its request (docs/operations.md).

Every log line of the process goes through one formatter, Tapis' own (`tapis.*`, stdlib `logging`) and the
libraries' (uvicorn, asyncpg, ...) alike: `timestamp` (UTC, ISO 8601), `level`, `logger`, `message`, and what the
request has bound so far: `request_id`, `game_id`, `game`, `seat`, `command` (`bind`). A request's id is the
client's `X-Request-ID` when that is 1 to 128 visible ASCII characters, else one generated here; it goes back in
the response's `X-Request-ID` (errors included). Each response writes one line, `message: "request"`, with the
method, the route template, the path, the status and the milliseconds to the response's start.

What never goes into a line: a header (the bearer token, `X-API-Key`), a query string, a body (tokens, join codes
and webhook secrets are in answers), local variables of a traceback (tracebacks are plain text). `redact` blanks
any field named like a secret, in case one is ever passed by name; tests/unit/test_logs.py plays a whole game with
webhooks at DEBUG and searches every line for every secret.
"""

from __future__ import annotations

import logging
import re
import sys
import time
import uuid
from collections.abc import Iterable, MutableMapping
from typing import IO, Any

import structlog
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from opentelemetry import trace

REQUEST_ID = re.compile(r"[\x21-\x7e]{1,128}")
REQUEST_ID_HEADER = b"x-request-id"
STATE_KEY = "tapis.request"  # the request id and start time, in the ASGI scope's state
QUIET = ("/metrics", "/v1/health")  # probes and scrapes: their request lines at DEBUG
SECRET_FIELDS = frozenset(
    {
        "token",
        "admin_token",
        "player_token",
        "authorization",
        "api_key",
        "x-api-key",
        "secret",
        "seed",
        "join_code",
        "password",
    }
)
BEARER = re.compile(r"(?i)bearer\s+[^\s,;\"']+")
REDACTED = "[redacted]"

log = structlog.get_logger("tapis.http")


# -- the request id --------------------------------------------------------------------------------------------


def accepted_request_id(raw: bytes | str | None) -> str | None:
    """A client's `X-Request-ID` as we keep it, or None when it is not 1..128 visible ASCII characters."""
    if raw is None:
        return None
    text = raw.decode("latin-1") if isinstance(raw, bytes) else raw
    return text if REQUEST_ID.fullmatch(text) else None


def new_request_id() -> str:
    return uuid.uuid4().hex


def _request_state(scope: Scope) -> dict[str, Any]:
    """This request's id (the client's, else a new one) and start time, made once and kept in the scope."""
    state: MutableMapping[str, Any] = scope.setdefault("state", {})
    found: dict[str, Any] | None = state.get(STATE_KEY)
    if found is None:
        sent = next((value for name, value in scope.get("headers", ()) if name == REQUEST_ID_HEADER), None)
        found = {"id": accepted_request_id(sent) or new_request_id(), "started": time.perf_counter()}
        state[STATE_KEY] = found
    return found


def request_id(scope: Scope) -> str:
    rid: str = _request_state(scope)["id"]
    return rid


# -- what a request binds --------------------------------------------------------------------------------------


def bind(**values: Any) -> None:
    """Add to this request's log context (and so to every line it logs from here on); None values are left out."""
    structlog.contextvars.bind_contextvars(**{k: v for k, v in values.items() if v is not None})


class RequestContext:
    """ASGI middleware, after routing: a fresh log context for the request, its id and game id bound, and the
    server span named after the route template (a raw path holds ids)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        structlog.contextvars.clear_contextvars()
        game_id = scope.get("path_params", {}).get("game_id")
        bind(request_id=request_id(scope), game_id=game_id if isinstance(game_id, str) else None)
        span = trace.get_current_span()
        if span.is_recording():
            route = scope.get("path_template") or scope["path"]
            span.update_name(f"{scope['method']} {route}")
            span.set_attribute("http.route", route)
            span.set_attribute("tapis.request_id", request_id(scope))
        await self.app(scope, receive, send)


async def before_send(message: Message, scope: Scope) -> None:
    """Litestar's `before_send` hook, called for every response, errors and unrouted paths included: the
    `X-Request-ID` header, and the request's line."""
    if message["type"] != "http.response.start" or scope["type"] != ScopeType.HTTP:
        return
    state = _request_state(scope)
    headers = list(message.get("headers", ()))
    headers.append((REQUEST_ID_HEADER, state["id"].encode()))
    message["headers"] = headers
    status = int(message["status"])
    path = scope["path"]
    level = logging.ERROR if status >= 500 else logging.DEBUG if path.startswith(QUIET) else logging.INFO
    log.log(
        level,
        "request",
        request_id=state["id"],
        method=scope["method"],
        route=scope.get("path_template"),
        path=path,
        status=status,
        duration_ms=round((time.perf_counter() - state["started"]) * 1000, 2),
    )


# -- the formatter ---------------------------------------------------------------------------------------------


def _scrub(value: Any) -> Any:
    return BEARER.sub("Bearer " + REDACTED, value) if isinstance(value, str) else value


def redact(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """A structlog processor: fields named like secrets are blanked, and `Bearer <token>` in any text."""
    for key in list(event):
        if key.lower() in SECRET_FIELDS:
            event[key] = REDACTED
        else:
            event[key] = _scrub(event[key])
    return event


FIRST = ("timestamp", "level", "logger", "message")


def _first(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """The fields every line has, first: a person reads the line from its start."""
    return {**{key: event[key] for key in FIRST if key in event}, **event}


def _processors(renderer: Any) -> tuple[list[Any], list[Any]]:
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.stdlib.ExtraAdder(),
    ]
    final: list[Any] = [
        structlog.stdlib.ProcessorFormatter.remove_processors_meta,
        structlog.processors.format_exc_info,  # a plain traceback: no local variables
        redact,
        structlog.processors.EventRenamer("message"),
        _first,
        renderer,
    ]
    return shared, final


class _TapisHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The process' one log handler (found again, and replaced, when logging is configured twice)."""


def formatter(json: bool = True) -> logging.Formatter:
    renderer: Any = structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer(colors=False)
    shared, final = _processors(renderer)
    return structlog.stdlib.ProcessorFormatter(foreign_pre_chain=shared, processors=final)


def configure_logging(
    level: str = "info",
    fmt: str = "json",
    stream: IO[str] | None = None,
    adopt: Iterable[str] = ("uvicorn", "uvicorn.error", "uvicorn.access"),
) -> logging.Handler:
    """Every line as one JSON object (or for a console, `fmt="console"`) on `stream` (stderr). Idempotent: the
    stderr handler of `logging.basicConfig` (the CLI's) and one set up before are replaced; other handlers (a test's
    capture) are left. uvicorn's loggers lose their own handlers and propagate here, in the same format. The level is
    the quieter of `level` and uvicorn's (`tapis serve --log-level`)."""
    shared, _ = _processors(None)
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *shared,
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    root = logging.getLogger()
    for old in list(root.handlers):
        if isinstance(old, _TapisHandler) or type(old) is logging.StreamHandler:
            root.removeHandler(old)
    handler = _TapisHandler(stream or sys.stderr)
    handler.setFormatter(formatter(json=fmt != "console"))
    root.addHandler(handler)
    # `tapis serve --log-level warning` quiets the whole process, not uvicorn alone: uvicorn set its level already
    served = logging.getLogger("uvicorn.error").level
    root.setLevel(max(logging.getLevelNamesMapping().get(level.upper(), logging.INFO), served))
    for name in adopt:
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    # httpx logs every outgoing call at INFO: one line per webhook attempt, which the webhook log and metrics say
    logging.getLogger("httpx").setLevel(max(logging.WARNING, root.level))
    return handler
