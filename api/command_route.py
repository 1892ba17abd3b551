"""`POST /v1/games/{game_id}/commands`, served by this route alone: the hottest route, lighter than Litestar's.

Why: a command's own work (the token, the rules, the idempotency record, the group commit, the redacted answer) is
about half of what the server spends on it; the rest went to the request around it, and Litestar's routing,
request object, parameter parsing, response object and exception middleware were a sixth of it (py-spy, in
docs/benchmarks.md, "Closer to the floor"). This route parses the few things a command needs straight from the
ASGI scope (the path's game id, `Authorization`, `Content-Type`, `If-Match`, `Idempotency-Key`, the body) and
answers with bytes, and it keeps every guarantee of the other routes:
- `create_app` puts it inside the Litestar app, in front of Litestar's router (`install`): Litestar's entry still
  sets the scope's app and wraps `send` with the app's `before_send` hooks (`X-Request-ID`, the sampled request
  line, api/logs.py), and, with tracing on, the OpenTelemetry middleware Litestar puts around its router is put
  around this route too, so a command is a server span as every request is;
- the same middlewares, in the same order (metrics, request context, input guard, rate limits: the list
  `create_app` gives Litestar), with the route template Litestar would have set (`scope["path_template"]`), so the
  metrics, logs, limits and spans cannot tell it from a Litestar route;
- the same error answers: an exception raised in the handler or in a middleware is answered from
  `api.errors.answer_for`, the function Litestar's handlers answer from, at the two places Litestar's exception
  middleware stands (between the handler and the middlewares, and around them all);
- the checks in the order the route's declaration documents: the bearer token, the body's size
  (`TAPIS_MAX_BODY_BYTES`, 413), its media type (415), depth and NUL characters, then `If-Match`.
`GamesController.command` (api/controllers/games.py) declares the route for the OpenAPI document and never serves:
every POST Litestar would route to it (with or without a trailing slash) is taken here first. Other methods on the
path meet Litestar's router (405, with `Allow`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from litestar.enums import ScopeType
from litestar.exceptions import InternalServerException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.serialization import encode_json
from litestar.utils import normalize_path

from api.bodies import JSON, checked_command_body
from api.dependencies import bearer_token, parse_version_header
from api.errors import ErrorAnswer, answer_for

if TYPE_CHECKING:
    from litestar import Litestar
    from litestar.types import ASGIApp, Receive, Scope, Send

    from bootstrap import Services

COMMANDS = re.compile(r"/v1/games/([^/]+)/commands")
TEMPLATE = "/v1/games/{game_id}/commands"  # as Litestar names the route (its metrics label and log field)
JSON_HEADER = (b"content-type", JSON.encode())
READ = frozenset({b"authorization", b"content-type", b"content-length", b"if-match", b"idempotency-key"})


class CommandRoute:
    """The command route, in front of Litestar's router (`routed`: everything else goes there)."""

    def __init__(
        self,
        app: Litestar,
        routed: ASGIApp,
        middleware: Sequence[Any],
        max_body: int,
        traced: Callable[[ASGIApp], ASGIApp] | None = None,
    ) -> None:
        # `middleware`: Litestar's list (`app.middleware`): classes and `DefineMiddleware`s, each called with the app;
        # `traced`: the OpenTelemetry middleware Litestar puts around its router, when tracing is on
        self.app = app
        self.routed = routed
        self.max_body = max_body
        stack: ASGIApp = self._answered
        for layer in reversed(middleware):
            stack = layer(stack)
        self._stack = stack
        self._serve: ASGIApp = traced(self._caught) if traced is not None else self._caught

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == ScopeType.HTTP and scope["method"] == "POST":
            # the path as Litestar's router reads it (a trailing slash, repeated slashes): every request it would
            # route to the declared handler comes here
            path: str = scope["path"]
            match = COMMANDS.fullmatch(path)
            if match is None and ("//" in path or path.endswith("/")):
                path = normalize_path(path)
                match = COMMANDS.fullmatch(path)
            if match is not None:
                scope["path"] = path
                scope["path_params"] = {"game_id": match.group(1)}
                scope["path_template"] = TEMPLATE
                await self._serve(scope, receive, send)
                return
        await self.routed(scope, receive, send)

    async def _caught(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def sending(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self._stack(scope, receive, sending)
        except Exception as exc:  # raised by a middleware: answered around them all, as Litestar does
            if started:
                raise  # nothing can be answered once an answer has begun
            await answer(sending, *error_of(exc))

    async def _answered(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The handler, its exceptions answered here (inside the middlewares, which see the answer go by)."""
        try:
            status, headers, body = await self._command(scope, receive)
        except Exception as exc:
            status, headers, body = error_of(exc)
        await answer(send, status, headers, body)

    async def _command(self, scope: Scope, receive: Receive) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        found: dict[bytes, str] = {}
        for name, value in scope["headers"]:
            if name in READ and name not in found:  # the first of a repeated header, as Litestar's `headers.get`
                found[name] = value.decode("latin-1")
        length = found.get(b"content-length")
        services: Services = self.app.state.services
        token = bearer_token(found.get(b"authorization"))
        raw = await self._body(
            receive, int(length) if length is not None and length.isascii() and length.isdigit() else None
        )
        body = checked_command_body(raw, media_type(found.get(b"content-type")))
        version = parse_version_header(found.get(b"if-match"), "If-Match")
        game_id: str = scope["path_params"]["game_id"]
        result = await services.commands.command(game_id, token, body, version, found.get(b"idempotency-key"))
        headers = [(b"etag", f'"{result.version}"'.encode())]
        return 200, headers, encode_json(result)

    async def _body(self, receive: Receive, announced: int | None) -> bytes:
        """The request's body, bounded as Litestar bounds it: by its announced length first, then by what came."""
        if announced is not None and announced > self.max_body:
            raise RequestEntityTooLarge
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise InternalServerException("client disconnected prematurely")
            chunk: bytes = message.get("body", b"")  # type: ignore[assignment]
            if chunk:
                size += len(chunk)
                if size > self.max_body:
                    raise RequestEntityTooLarge
                chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def media_type(header: str | None) -> str:
    """The media type of a `Content-Type` header, lowercased, without its parameters ("" when absent)."""
    return (header or "").partition(";")[0].strip().lower()


def error_of(exc: BaseException) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    found: ErrorAnswer = answer_for(exc)
    headers = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in found.all_headers().items()]
    return found.status, headers, encode_json(found.envelope())


async def answer(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
    start: Any = {
        "type": "http.response.start",
        "status": status,
        "headers": [*headers, JSON_HEADER, (b"content-length", str(len(body)).encode())],  # Litestar's order
    }
    await send(start)
    await send({"type": "http.response.body", "body": body, "more_body": False})


def install(app: Litestar, max_body: int) -> None:
    """Put the command route in front of Litestar's router, inside its entry (and its tracing, when on)."""
    try:
        traced: Callable[[ASGIApp], ASGIApp] | None = app.plugins.get("OpenTelemetryPlugin").middleware
    except KeyError:
        traced = None
    app.asgi_handler = CommandRoute(app, app.asgi_handler, app.middleware, max_body, traced)
