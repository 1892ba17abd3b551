"""The live stream of a game (server-sent events): each event's version is its SSE id."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromPath, HeaderParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from api.dependencies import MAX_VERSION, Services, version_number
from services.errors import BadRequest
from services.live import Heartbeat, LiveEvent


async def _messages(items: AsyncIterator[Any]) -> AsyncIterator[ServerSentEventMessage]:
    async for item in items:
        if isinstance(item, LiveEvent):
            yield ServerSentEventMessage(data=item.body.decode(), id=item.version)
        elif isinstance(item, Heartbeat):
            yield ServerSentEventMessage(data=None, comment="heartbeat")


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
        game_id: FromPath[str],
        services: NamedDependency[Services],
        token: NamedDependency[str | None],
        last_event_id: Annotated[str | None, HeaderParameter(name="Last-Event-ID", required=False)] = None,
    ) -> ServerSentEvent:
        if last_event_id is not None and last_event_id.strip() and version_number(last_event_id.strip()) is None:
            raise BadRequest(
                f"Last-Event-ID must be an event version (a whole number, 0 to {MAX_VERSION})",
                code="invalid_last_event_id",
            )
        items = await services.live.open(game_id, token, last_event_id)
        # no buffering by proxies (nginx honours X-Accel-Buffering)
        return ServerSentEvent(_messages(items), headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
