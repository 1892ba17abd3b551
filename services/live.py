"""Live streams: a bearer's redacted events as they are appended, for server-sent events.

The event store is the source of truth: a stream reads every page from it after the version the client last
saw. Redis pub/sub only wakes streams up (on any API process) when a game moves; a lost wake-up costs at most
one heartbeat interval, never an event.

A stream shows each event as the bearer saw it when it happened: redacted with the game as it stood once that
event was appended, never with a later state. So a stream that reads late (a busy process, a lost wake-up, a
client resuming with Last-Event-ID) shows the same bytes as one that read every event at once: the events before
`GameEnded` stay redacted even when they are read after the end (`GET /events` shows them whole by then).

A client (its address) holds at most `max_per_client` streams open in one process (`TAPIS_MAX_STREAMS_PER_CLIENT`);
one more is refused 429 `too_many_streams` before anything is read. The wake-ups of all the process's streams come
through one pub/sub subscriber (`infra/live.py`), so an idle stream costs no Redis connection.

When the process shuts down (`close_all`, from api/shutdown.py), every stream yields `Reconnect` and ends: the
client is told how long to wait (SSE `retry:`) and resumes on another process with Last-Event-ID. A stream has no
end of its own, so without this a graceful shutdown would wait on each one until its timeout and then cut it.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncGenerator
from typing import Any

import msgspec

from domain.kernel import table as tables
from domain.kernel.events import GameCreated
from domain.kernel.table import Table
from services.access import bearer
from services.codec import codec
from services.errors import BadRequest, ServiceError
from services.ports import StoreUnavailable, Subscription, Wakeups
from services.queries import GameQueries, viewer_of
from services.results import EventOut
from services.seats import SeatCommands

PAGE = 500
# how long a client told to reconnect waits first (SSE `retry:`): long enough for the process' listening socket to
# be closed and a load balancer to pick another, short enough that a player hardly notices
RECONNECT_MS = 1000
# what a client at its cap is told to wait: a slot frees only when one of its own streams closes
STREAMS_RETRY_AFTER = 5


class Heartbeat(msgspec.Struct, frozen=True):
    pass


class Reconnect(msgspec.Struct, frozen=True):
    """The stream ends here: the process is shutting down; reconnect after `retry_ms`."""

    retry_ms: int


class LiveEvent(msgspec.Struct, frozen=True):
    version: int
    body: bytes  # {"version", "type", "data", "recorded_at"} as JSON


def parse_last_event_id(raw: str | None) -> int:
    if raw is None or raw.strip() == "":
        return 0
    if not raw.strip().isdigit():
        raise BadRequest("Last-Event-ID must be an event version (a whole number)", code="invalid_last_event_id")
    return int(raw.strip())


class TooManyStreams(ServiceError):
    status = 429
    code = "too_many_streams"


class Slot:
    """One open stream of a client, held until `release` (again does nothing). A slot nobody released goes with
    the last reference to it, but not in time to count on: a stream's frames are kept by reference cycles until
    Python's cycle collector runs, which on a quiet process can be minutes (a closed stream's slot was seen held
    so, its client refused `too_many_streams` meanwhile). So the stream's end releases it (`LiveStream`), and only
    a response that was never sent at all is left to the collector."""

    def __init__(self, slots: StreamSlots, client: str) -> None:
        self._slots = slots
        self.client = client

    def release(self) -> None:
        self._slots.release(self)


class StreamSlots:
    """The live streams each client holds open in this process, at most `cap` (0: no cap)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._held: dict[str, weakref.WeakSet[Slot]] = {}

    def held(self, client: str) -> int:
        return len(self._held.get(client, ()))

    def take(self, client: str) -> Slot:
        held = self._held.setdefault(client, weakref.WeakSet())
        if self.cap and len(held) >= self.cap:
            raise TooManyStreams(
                f"this client has {self.cap} live streams open already: close one first",
                details={"max": self.cap, "retry_after": STREAMS_RETRY_AFTER},
            )
        slot = Slot(self, client)
        held.add(slot)
        return slot

    def release(self, slot: Slot) -> None:
        held = self._held.get(slot.client)
        if held is None:
            return
        held.discard(slot)
        if not held:
            del self._held[slot.client]


class LiveStream:
    """An open stream: its items (events, heartbeats, a last `Reconnect`) and the client's slot, released when
    the items end or fail, and by `aclose`. The items' own end is not enough: items never started, or left at a
    `yield` when the response's task was cancelled (the client gone between two items), never end, so whoever
    serves the stream calls `aclose` once the response is over, however it ended."""

    def __init__(self, items: AsyncGenerator[Any, None], slot: Slot) -> None:
        self._items = items
        self._slot = slot

    def __aiter__(self) -> LiveStream:
        return self

    async def __anext__(self) -> Any:
        try:
            return await anext(self._items)
        except BaseException:  # StopAsyncIteration, an error, a cancellation inside the items: the stream is over
            self._slot.release()
            raise

    async def aclose(self) -> None:
        self._slot.release()
        await self._items.aclose()


class LiveStreams:
    def __init__(
        self,
        queries: GameQueries,
        seats: SeatCommands,
        wakeups: Wakeups,
        heartbeat: float,
        max_per_client: int = 20,
    ) -> None:
        self.queries = queries
        self.seats = seats
        self.wakeups = wakeups
        self.heartbeat = heartbeat
        self.slots = StreamSlots(max_per_client)
        self.closing = asyncio.Event()

    def close_all(self) -> None:
        """End every stream of this process, now and from now on, each with a `Reconnect`."""
        self.closing.set()

    async def _woken(self, subscription: Subscription) -> bool | None:
        """The subscription's wait, or None as soon as the process closes its streams."""
        if self.closing.is_set():
            return None
        waiting = asyncio.ensure_future(subscription.wait(self.heartbeat))
        closing = asyncio.ensure_future(self.closing.wait())
        try:
            await asyncio.wait((waiting, closing), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (waiting, closing):
                task.cancel()
        if waiting.done() and not waiting.cancelled():
            return waiting.result()
        return None

    async def open(
        self, game_id: str, token: str | None, last_event_id: str | None, client: str = "unknown"
    ) -> LiveStream:
        """Check everything a client can get wrong first (the errors go out as plain JSON), then stream.
        `client` (its address) holds at most `max_per_client` streams at once in this process; the caller closes
        the stream (`LiveStream.aclose`) when its response is over."""
        after = parse_last_event_id(last_event_id)
        slot = self.slots.take(client)  # 429 too_many_streams, before any read
        try:
            view = await self.queries.view(game_id, token)  # 404 unknown game, 401 bad token
            if after > view.version:
                raise BadRequest(
                    f"Last-Event-ID {after} is beyond the game's version {view.version}",
                    code="last_event_id_beyond_end",
                    details={"version": view.version},
                )
        except BaseException:
            slot.release()
            raise
        return LiveStream(self._stream(game_id, token, view.you, after), slot)

    async def _stream(self, game_id: str, token: str | None, seat: int | None, after: int) -> AsyncGenerator[Any, None]:
        played: Table[Any] | None = None  # the game once the event at `after` was appended; read on the first page
        async with self.wakeups.subscribe(game_id) as subscription:  # before the first read: no wake-up is lost
            while True:
                try:
                    shown_events, played = await self._page(game_id, token, after, played)
                except StoreUnavailable:
                    shown_events = []
                except ServiceError:
                    return  # the token no longer opens this game (its seat was left)
                for shown in shown_events:
                    if shown.type == "RematchCreated" and seat is not None:
                        # the seat's token in the rematch, derived from the bearer's (services/seats.py)
                        shown.data["player_token"] = await self.seats.rematch_token(game_id, seat, token)
                    after = shown.version
                    yield LiveEvent(version=after, body=msgspec.json.encode(shown))
                if len(shown_events) == PAGE and not self.closing.is_set():
                    continue
                woken = await self._woken(subscription)
                if woken is None:
                    yield Reconnect(retry_ms=RECONNECT_MS)
                    return
                if not woken:
                    yield Heartbeat()

    async def _page(
        self, game_id: str, token: str | None, after: int, played: Table[Any] | None
    ) -> tuple[list[EventOut], Table[Any] | None]:
        """The events after `after` (one page), each redacted with the table that event led to, and that table
        once the page is applied: the next page goes on from it, so the whole stream folds each event once."""
        repo = self.queries.repo
        record, principal = await bearer(repo, game_id, token)  # on every page: a seat let go ends its stream
        game_codec = codec(record.game)
        recorded = await repo.hot_events(game_id, after, PAGE)
        if not recorded:
            return [], played
        if after > 0 and (played is None or played.version != after):
            played = await repo.replay(game_id, game_codec, upto=after)  # a stream resumed after `after`
        viewer = viewer_of(principal)
        shown = []
        for r in recorded:
            event = game_codec.event(r)
            if played is None:
                if not isinstance(event, GameCreated):
                    raise ValueError(f"the stream of {game_id} does not start with its GameCreated")
                played = tables.initial(event)
            else:
                played = tables.evolve(game_codec.rules, played, event)
            data = game_codec.data(tables.redact(game_codec.rules, played, event, viewer))
            shown.append(EventOut(version=r.version, type=r.type, data=data, recorded_at=r.recorded_at, chain=r.chain))
        return shown, played
