"""Clocks and fakes for the service tests: time that moves when a test says so, webhook posts kept in the process."""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from bootstrap import Adapters, memory_adapters
from infra.memory.event_store import MemoryEventStore
from services.ports import Clock, Outcome, SystemClock
from tests.webhook_receiver import Received


class ManualClock:
    """Time that passes only when a test says so: a `Clock` (services/ports/clock.py) for the whole service layer.

    Its wall time stamps the memory event store's `recorded_at` (which the turn timer reads) and is what
    `TurnTimer(clock=...)` and the other readers see (called, it gives `now()`); its `sleep` parks the caller
    until `advance` or `elapse` moves the time past the sleeper's deadline. `advance(seconds)` moves time and wakes
    the sleepers that are due (they run at the test's next await); `elapse(seconds)` does it from deadline to
    deadline, letting everything that is ready run in between, as the event loop would have in real time.
    """

    def __init__(self, start: datetime = datetime(2030, 1, 1, tzinfo=UTC)) -> None:
        self.at = start
        self.elapsed = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self.slept = asyncio.Event()  # set when someone goes to sleep on this clock (`flowing` waits for it)

    def __call__(self) -> datetime:
        return self.at

    def now(self) -> datetime:
        return self.at

    def time(self) -> float:
        return self.at.timestamp()

    def monotonic(self) -> float:
        return self.elapsed

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.elapsed + seconds, next(self._order), woken))
        self.slept.set()
        await woken

    def advance(self, seconds: float) -> None:
        self._move_to(self.elapsed + seconds)

    def _move_to(self, elapsed: float) -> None:
        if elapsed > self.elapsed:
            self.at += timedelta(seconds=elapsed - self.elapsed)
            self.elapsed = elapsed
        while self._sleepers and self._sleepers[0][0] <= self.elapsed:
            _, _, woken = heapq.heappop(self._sleepers)
            if not woken.done():
                woken.set_result(None)

    def next_deadline(self) -> float | None:
        """When the earliest sleeper still waiting is due (None: nobody sleeps)."""
        while self._sleepers and self._sleepers[0][2].done():
            heapq.heappop(self._sleepers)  # a sleep cancelled: its wait was won by something else
        return self._sleepers[0][0] if self._sleepers else None

    async def elapse(self, seconds: float) -> None:
        """Let `seconds` pass: each sleeper is woken at its own deadline, in order, and whatever that makes ready runs
        (to quiet) before time moves on."""
        end = self.elapsed + seconds
        await settle()
        while (due := self.next_deadline()) is not None and due <= end:
            self._move_to(due)
            await settle()
        self._move_to(end)
        await settle()


async def settle() -> None:
    """Let every task that can run, run, until none is ready: what is left waits on a clock, an event or a thread.

    The event loop keeps its ready callbacks in `_ready` (CPython's asyncio, not a public attribute); a turn of the
    loop (`sleep(0)`) runs those before this one resumes, and anything they make ready joins the queue. Memory
    adapters only ever yield with `sleep(0)`, so an empty queue is quiet. Bounded, so that a task that yields
    forever fails the test instead of hanging it.
    """
    loop = asyncio.get_running_loop()
    ready = getattr(loop, "_ready")  # noqa: B009 (private: named once, here)
    _settling[0] += 1
    try:
        for _ in range(100_000):
            await asyncio.sleep(0)
            # quiet: nothing queued but the turns of the others settling at once (a test's, `flowing`'s)
            if len(ready) < _settling[0]:
                return
    finally:
        _settling[0] -= 1
    raise AssertionError("the loop never went quiet: a task yields forever")


_settling = [0]  # how many tasks are in `settle` now


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


def fresh_adapters(
    clock: Clock | Callable[[], datetime] | None = None, store: MemoryEventStore | None = None
) -> Adapters:
    """`memory_adapters(clock)` with a `RecordingPoster` for the webhook poster (and `store`, when given); a bare
    `() -> datetime` is the time the writes are stamped with, the system's for the rest.

    The poster is passed, not swapped afterwards: `memory_adapters`' own default, an `HttpxPoster`, loads the
    system's CA certificates (20 to 40 ms, more than a whole service test). The webhook tests that post to a
    receiver build their own.
    """
    whole = clock if clock is None or isinstance(clock, Clock) else SystemClock(wall=clock)
    return memory_adapters(whole, store=store, poster=RecordingPoster())


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


async def thread_turn() -> None:
    """Hand the GIL to the worker threads for a moment (an expert's search runs in one), with no time in it: the
    loop waits for a no-op in the default executor, as it would wait for any I/O."""
    await asyncio.to_thread(lambda: None)


@contextlib.asynccontextmanager
async def flowing(clock: ManualClock) -> AsyncIterator[None]:
    """Within the block, `clock`'s time passes on its own whenever nothing else can run: it jumps to the next
    sleeper's deadline, as an idle event loop would wait for it, but at once. For a test that measures how much
    (simulated) time something takes rather than stepping through it."""

    async def flow() -> None:
        while True:
            await settle()
            due = clock.next_deadline()
            if due is None:
                clock.slept.clear()
                await clock.slept.wait()
            else:
                clock.advance(due - clock.monotonic())

    task = asyncio.create_task(flow(), name="manual clock")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
