"""Structured logs (structlog): one JSON object a line on stderr, each tied to its request (docs/operations.md).

Every log line of the process goes through one formatter, Tapis' own (`tapis.*`, stdlib `logging`) and the
libraries' (uvicorn, asyncpg, ...) alike: `timestamp` (UTC, ISO 8601), `level`, `logger`, `message`, and what the
request has bound so far: `request_id`, `game_id`, `game`, `seat`, `command` (`bind`). A request's id is the
client's `X-Request-ID` when that is 1 to 128 visible ASCII characters, else one generated here; it goes back in
the response's `X-Request-ID` (errors included). A response writes one line, `message: "request"`, with the
method, the route template, the path, the status and the milliseconds to the response's start: every refusal and
error does, and a sample of the successes (`TAPIS_REQUEST_LOG_SAMPLE`, 1 % by default: `RequestLines`).

What never goes into a line: a header (the bearer token, `X-API-Key`), a query string, a body (tokens, join codes
and webhook secrets are in answers), local variables of a traceback (tracebacks are plain text). `redact` blanks
any field named like a secret, in case one is ever passed by name; tests/unit/test_logs.py plays a whole game with
webhooks at DEBUG and searches every line for every secret.
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
import sys
import time
from collections.abc import Iterable, MutableMapping
from typing import IO, Any

import msgspec
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
_stdlib_http = logging.getLogger("tapis.http")  # what `log` writes to: its level decides before a line is built


# -- the request id --------------------------------------------------------------------------------------------


def accepted_request_id(raw: bytes | str | None) -> str | None:
    """A client's `X-Request-ID` as we keep it, or None when it is not 1..128 visible ASCII characters."""
    if raw is None:
        return None
    text = raw.decode("latin-1") if isinstance(raw, bytes) else raw
    return text if REQUEST_ID.fullmatch(text) else None


def new_request_id() -> str:
    # 32 hex digits of the OS' randomness, as uuid4().hex gave, without building a UUID object on every request
    return os.urandom(16).hex()


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


class RequestLines:
    """How many responses write their request line (`TAPIS_REQUEST_LOG_SAMPLE`, set by `configure_logging`)."""

    sample: float = 1.0  # the share of 1xx-3xx responses logged, drawn per response; 4xx and 5xx: every one
    # (1 until the app configures it from TAPIS_REQUEST_LOG_SAMPLE, whose default is 0.01)


def _sampled_out(status: int) -> bool:
    # a request line cost about a fifth of a command's server CPU (docs/operations.md, "Logs"): by default one in a
    # hundred successes keeps its line, every refusal and error keeps it
    return status < 400 and RequestLines.sample < 1.0 and random.random() >= RequestLines.sample


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
    if not _stdlib_http.isEnabledFor(level) or _sampled_out(status):
        return  # nothing built for a line that would be dropped (`--log-level warning`)
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
    """A structlog processor: fields named like secrets are blanked, and `Bearer <token>` in any text.

    Every line passes here, the request line of every response too: the texts are searched once, joined, and
    scrubbed one by one only when that finds a bearer (a regex call per field cost a tenth of a request line)."""
    for key in event:
        if key.lower() in SECRET_FIELDS:
            event[key] = REDACTED
    texts = [value for value in event.values() if isinstance(value, str)]
    if BEARER.search("\n".join(texts)) is not None:
        for key, value in event.items():
            event[key] = _scrub(value)
    return event


def _json(event: Any, **_: Any) -> str:
    """structlog's JSONRenderer serializer: msgspec's encoder (a few times faster than `json.dumps`), which keeps
    the fields' order; what it cannot encode is written as its `str`, as the stdlib renderer's default does."""
    try:
        return msgspec.json.encode(event, enc_hook=str).decode()
    except (msgspec.EncodeError, TypeError):  # a key msgspec does not take (a tuple): the stdlib's way then
        return json.dumps(event, default=str)


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
    renderer: Any = (
        structlog.processors.JSONRenderer(serializer=_json) if json else structlog.dev.ConsoleRenderer(colors=False)
    )
    shared, final = _processors(renderer)
    return structlog.stdlib.ProcessorFormatter(foreign_pre_chain=shared, processors=final)


def configure_logging(
    level: str = "info",
    fmt: str = "json",
    stream: IO[str] | None = None,
    adopt: Iterable[str] = ("uvicorn", "uvicorn.error"),
    request_sample: float = 1.0,
) -> logging.Handler:
    """Every line as one JSON object (or for a console, `fmt="console"`) on `stream` (stderr). Idempotent: the
    stderr handler of `logging.basicConfig` (the CLI's) and one set up before are replaced; other handlers (a test's
    capture) are left. uvicorn's loggers lose their own handlers and propagate here, in the same format, but for its
    access log, which the `request` line replaces. The level is the quieter of `level` and uvicorn's (`tapis serve
    --log-level`); `request_sample`: the share of 1xx-3xx responses that write their request line."""
    RequestLines.sample = request_sample
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
    # uvicorn's access line says less than our `request` line, for the same response: a second line per request
    # (140 µs of server CPU a command, half of what ours cost then: bench/compare.py). With no handler and no
    # propagation, uvicorn sees none (`hasHandlers()`) and skips its access logging entirely.
    access = logging.getLogger("uvicorn.access")
    access.handlers.clear()
    access.propagate = False
    # httpx logs every outgoing call at INFO: one line per webhook attempt, which the webhook log and metrics say
    logging.getLogger("httpx").setLevel(max(logging.WARNING, root.level))
    return handler
