"""Clocks and fakes for the service tests: time that moves when a test says so, webhook posts kept in the process."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from bootstrap import Adapters, memory_adapters
from infra.memory.event_store import MemoryEventStore
from services.ports import Outcome
from tests.webhook_receiver import Received


class ManualClock:
    """A `datetime` clock for the memory event store (it stamps `recorded_at`, which the turn timer reads) and for
    `TurnTimer(clock=...)`: both read the same time, and nothing passes until `advance`."""

    def __init__(self, start: datetime = datetime(2030, 1, 1, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@dataclass
class Posted:
    url: str
    body: bytes
    headers: dict[str, str]


@dataclass
class RecordingPoster:
    """A webhook poster that keeps what it is given and answers 204: no socket, no TLS context."""

    posted: list[Posted] = field(default_factory=list)

    async def post(self, url: str, body: bytes, headers: dict[str, str], time_limit: float) -> Outcome:
        self.posted.append(Posted(url, body, headers))
        return Outcome(ok=True, status_code=204, error=None, duration_ms=0)

    async def aclose(self) -> None:
        pass


def fresh_adapters(clock: Callable[[], datetime] | None = None, store: MemoryEventStore | None = None) -> Adapters:
    """`memory_adapters(clock)` with a `RecordingPoster` for the webhook poster (and `store`, when given).

    The poster is passed, not swapped afterwards: `memory_adapters`' own default, an `HttpxPoster`, loads the
    system's CA certificates (20 to 40 ms, more than a whole service test). The webhook tests that post to a
    receiver build their own.
    """
    return memory_adapters(clock, store=store, poster=RecordingPoster())


@dataclass
class InProcessReceiver:
    """What `tests.webhook_receiver.Receiver` records, with no socket: the posters of `poster()` hand each post to it
    as its HTTP server would read it (header names lowercased); stopped, it refuses them as a closed port does.

    The loopback receiver costs a connection per event (a second for a few bot games); real HTTP is tested by
    tests/integration/test_webhooks.py and tests/e2e/test_webhooks_http.py.
    """

    url: str = "http://receiver.test/hooks"
    received: list[Received] = field(default_factory=list)
    up: bool = False

    async def start(self) -> None:
        self.up = True

    async def stop(self) -> None:
        self.up = False

    def poster(self) -> ReceiverPoster:
        return ReceiverPoster(self)


@dataclass
class ReceiverPoster:
    receiver: InProcessReceiver

    async def post(self, url: str, body: bytes, headers: dict[str, str], time_limit: float) -> Outcome:
        await asyncio.sleep(0)  # a round trip: a worker's concurrent sends interleave as they do over HTTP
        if not self.receiver.up or url != self.receiver.url:
            # what HttpxPoster answers for a refused connection: no status, the error
            return Outcome(ok=False, status_code=None, error="ConnectError: connection refused", duration_ms=0)
        self.receiver.received.append(Received({k.lower(): v for k, v in headers.items()}, bytes(body)))
        return Outcome(ok=True, status_code=204, error=None, duration_ms=0)

    async def aclose(self) -> None:
        pass
