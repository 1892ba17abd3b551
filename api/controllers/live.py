"""The live stream of a game (server-sent events): each event's version is its SSE id."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from typing import Annotated, Any

from litestar import Controller, Request, Response, get
from litestar.background_tasks import BackgroundTask
from litestar.di import NamedDependency
from litestar.enums import MediaType
from litestar.params import FromPath, HeaderParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from api.dependencies import MAX_VERSION, Services, version_number
from api.ratelimit import Trusted, client_address, parse_trusted
from infra.settings import Settings
from services.errors import BadRequest
from services.live import STREAMS_RETRY_AFTER, Heartbeat, LiveEvent, Reconnect, TooManyStreams


async def _messages(items: AsyncIterator[Any]) -> AsyncIterator[ServerSentEventMessage]:
    async for item in items:
        if isinstance(item, LiveEvent):
            yield ServerSentEventMessage(data=item.body.decode(), id=item.version)
        elif isinstance(item, Heartbeat):
            yield ServerSentEventMessage(data=None, comment="heartbeat")
        elif isinstance(item, Reconnect):
            # the process is shutting down: EventSource waits `retry` ms after the stream ends, then reconnects
            # with the last id it saw (api/shutdown.py)
            yield ServerSentEventMessage(data=None, comment="reconnect", retry=item.retry_ms)


@functools.cache
def _trusted_proxies() -> Trusted:
    # the proxies `tapis serve` trusts (TAPIS_TRUSTED_PROXIES), as the rate limits read them
    return parse_trusted(Settings.from_env().trusted_proxies)


def stream_client(request: Request[Any, Any, Any]) -> str:
    """Whose stream this is, for the per-client cap: the address the rate limits count (the peer, or behind a
    trusted proxy the client it names)."""
    return client_address(request.scope, _trusted_proxies())


class LiveController(Controller):
    path = "/v1/games"
    tags = ["live"]

    @get(
        "/{game_id:str}/stream",
        operation_id="streamGame",
        summary="Server-sent events: the bearer's redacted events as they are appended (resume with Last-Event-ID)",
        media_type="text/event-stream",
    )
    async def stream(
        self,
        request: Request[Any, Any, Any],
        game_id: FromPath[str],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
        last_event_id: Annotated[str | None, HeaderParameter(name="Last-Event-ID", required=False)] = None,
    ) -> ServerSentEvent | Response[Any]:
        if last_event_id is not None and last_event_id.strip() and version_number(last_event_id.strip()) is None:
            raise BadRequest(
                f"Last-Event-ID must be an event version (a whole number, 0 to {MAX_VERSION})",
                code="invalid_last_event_id",
            )
        try:
            items = await services.live.open(game_id, token, last_event_id, stream_client(request))
        except TooManyStreams as exc:
            # JSON, not the route's text/event-stream, and with the Retry-After of a 429
            return Response(
                {"error": {"code": exc.code, "message": exc.message, "details": exc.details}},
                status_code=exc.status,
                media_type=MediaType.JSON,
                headers={"Retry-After": str(STREAMS_RETRY_AFTER)},
            )
        # no buffering by proxies (nginx honours X-Accel-Buffering); the stream closed, its slot freed, once the
        # response is over: the client gone (even before the first event), the process closing its streams
        return ServerSentEvent(
            _messages(items),
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
            background=BackgroundTask(items.aclose),
        )
