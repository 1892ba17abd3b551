"""Live streams: a bearer's redacted events as they are appended, for server-sent events.

The event store is the source of truth: a stream reads every page from it, exactly as `GET /events` does,
after the version the client last saw. Redis pub/sub only wakes streams up (on any API process) when a
game moves; a lost wake-up costs at most one heartbeat interval, never an event.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any, Protocol

import msgspec

from services.errors import BadRequest, ServiceError, Unavailable
from services.queries import GameQueries
from services.seats import SeatCommands

PAGE = 500


class Subscription(Protocol):
    async def wait(self, seconds: float) -> bool:
        """True when the game moved (or may have) within `seconds`."""


class Wakeups(Protocol):
    def subscribe(self, game_id: str) -> contextlib.AbstractAsyncContextManager[Subscription]: ...


class Heartbeat(msgspec.Struct, frozen=True):
    pass


class LiveEvent(msgspec.Struct, frozen=True):
    version: int
    body: bytes  # {"version", "type", "data", "recorded_at"} as JSON


def parse_last_event_id(raw: str | None) -> int:
    if raw is None or raw.strip() == "":
        return 0
    if not raw.strip().isdigit():
        raise BadRequest("Last-Event-ID must be an event version (a whole number)", code="invalid_last_event_id")
    return int(raw.strip())


class LiveStreams:
    def __init__(self, queries: GameQueries, seats: SeatCommands, wakeups: Wakeups, heartbeat: float) -> None:
        self.queries = queries
        self.seats = seats
        self.wakeups = wakeups
        self.heartbeat = heartbeat

    async def open(self, game_id: str, token: str | None, last_event_id: str | None) -> AsyncIterator[Any]:
        """Check everything a client can get wrong first (the errors go out as plain JSON), then stream."""
        after = parse_last_event_id(last_event_id)
        view = await self.queries.view(game_id, token)  # 404 unknown game, 401 bad token
        if after > view["version"]:
            raise BadRequest(
                f"Last-Event-ID {after} is beyond the game's version {view['version']}",
                code="last_event_id_beyond_end",
                details={"version": view["version"]},
            )
        return self._stream(game_id, token, view["you"], after)

    async def _stream(self, game_id: str, token: str | None, seat: int | None, after: int) -> AsyncIterator[Any]:
        async with self.wakeups.subscribe(game_id) as subscription:  # before the first read: no wake-up is lost
            while True:
                try:
                    page = await self.queries.events(game_id, token, after, PAGE)
                except Unavailable:
                    page = {"events": []}
                except ServiceError:
                    return  # the token no longer opens this game (its seat was left)
                for shown in page["events"]:
                    if shown["type"] == "RematchCreated" and seat is not None:
                        # the new game's token for this seat, kept in Redis by the rematch
                        shown["data"]["player_token"] = await self.seats.rematch_token(game_id, seat)
                    after = shown["version"]
                    yield LiveEvent(version=after, body=msgspec.json.encode(shown))
                if len(page["events"]) == PAGE:
                    continue
                if not await subscription.wait(self.heartbeat):
                    yield Heartbeat()
