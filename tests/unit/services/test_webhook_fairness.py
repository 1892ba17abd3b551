"""No portal delays another's webhooks (issue 16), on memory adapters with the worker's own loop (`step`, as every
API process runs it) and a poster whose "silent" URLs hang until the call's time limit, as a receiver that accepts
the connection and never answers.

Time is scaled down: a call's time limit is 1 s here (5 s by default), the worker's interval 0.05 s (0.5 s). And it
is a manual clock's (fakes.ManualClock): the worker's loop, its sends' time limits and the silent calls all wait on
it, and the test lets the time pass (`elapse`), so what each test asserts after a pause holds on any machine load.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bootstrap import Adapters, Services
from services.background import run_every
from services.ports import Breaker, Outcome
from services.webhooks import RetryPolicy, SendLimits, WebhookWorker
from tests.unit.services.fakes import ManualClock, fresh_adapters

TIME_LIMIT = 1.0
INTERVAL = 0.05
POLICY = RetryPolicy(max_attempts=1000, base_seconds=0.05, max_seconds=0.2, timeout_seconds=TIME_LIMIT)
SILENT = "http://silent.test/"
HEALTHY = "http://healthy.test/hooks"


@pytest.fixture
def time_flows() -> None:
    """The clock moves only when this module's tests move it (`clock.elapse`): no time passes on its own."""


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def adapters(clock: ManualClock) -> Adapters:
    return fresh_adapters(clock)  # the webhook store's due times and leases on the same clock


@dataclass
class SplitPoster:
    """Posts to SILENT URLs hang for the whole time limit and fail; the others are answered 204 at once, and kept
    with the time they arrived (on `clock`). Counts the calls in flight to each URL."""

    clock: ManualClock
    arrived: list[tuple[float, dict[str, Any]]] = field(default_factory=list)
    silent_calls: int = 0
    in_flight: dict[str, int] = field(default_factory=dict)
    most_in_flight: dict[str, int] = field(default_factory=dict)

    async def post(self, url: str, body: bytes, headers: dict[str, str], time_limit: float) -> Outcome:
        self.in_flight[url] = self.in_flight.get(url, 0) + 1
        self.most_in_flight[url] = max(self.most_in_flight.get(url, 0), self.in_flight[url])
        try:
            if url.startswith(SILENT):
                self.silent_calls += 1
                await self.clock.sleep(time_limit)
                return Outcome(ok=False, status_code=None, error="ReadTimeout", duration_ms=int(time_limit * 1000))
            await asyncio.sleep(0)
            self.arrived.append((self.clock.monotonic(), json.loads(body)))
            return Outcome(ok=True, status_code=204, error=None, duration_ms=0)
        finally:
            self.in_flight[url] -= 1

    async def aclose(self) -> None:
        pass


async def finished(task: asyncio.Task[None], clock: ManualClock, seconds: float = 5.0) -> None:
    """Let the clock run until `task` is done (at most `seconds` of it)."""
    began = clock.monotonic()
    while not task.done():
        assert clock.monotonic() - began < seconds, "the worker's task did not stop"
        await clock.elapse(INTERVAL)
    await task


@contextlib.asynccontextmanager
async def running(worker: WebhookWorker, clock: ManualClock) -> AsyncIterator[None]:
    """The worker's task as `bootstrap.background` runs it (on `clock`), stopped (and awaited) at the end."""
    stop = asyncio.Event()
    task = asyncio.create_task(run_every("webhooks", lambda: worker.step(stop), stop, INTERVAL, clock))
    try:
        yield
    finally:
        stop.set()
        await finished(task, clock)
        assert worker.in_flight == 0, "a stopped worker leaves no send behind"


async def lobby(services: Services, key: str) -> tuple[str, str]:
    created = await services.commands.create("six-nimmt", 10, None, None, key)
    return created.game_id, created.admin_token


async def test_a_portal_s_deliveries_go_at_once_behind_19_silent_endpoints_of_another(
    services: Services, adapters: Adapters, clock: ManualClock
) -> None:
    poster = SplitPoster(clock)
    worker = WebhookWorker(
        services.repo, adapters.store, adapters.webhooks, poster, POLICY, interval=INTERVAL, clock=clock
    )
    _, crowd = await services.keys.create("silent portal")
    _, healthy = await services.keys.create("healthy portal")
    for n in range(19):
        await services.webhooks.register(crowd, f"{SILENT}{n}", ["*"])
    await services.webhooks.register(healthy, HEALTHY, ["*"])
    # 8 games of the silent portal, each with a few events: 19 x 8 deliveries waiting on calls that never answer
    for _ in range(8):
        game_id, _ = await lobby(services, crowd)
        for seat in range(3):
            await services.commands.join(game_id, None, f"p{seat}", None, None)

    delays: list[float] = []
    async with running(worker, clock):
        await clock.elapse(TIME_LIMIT / 2)  # the silent calls are under way
        for _ in range(3):
            game_id, _ = await lobby(services, healthy)
            for seat in range(4):
                await services.commands.join(game_id, None, f"p{seat}", None, None)
                moved = clock.monotonic()
                version = seat + 2
                while not any(e["game_id"] == game_id and e["version"] == version for _, e in poster.arrived):
                    assert clock.monotonic() - moved < 5 * TIME_LIMIT, "the healthy portal's delivery never came"
                    await clock.elapse(0.005)
                arrived = next(t for t, e in poster.arrived if e["game_id"] == game_id and e["version"] == version)
                delays.append(arrived - moved)
            await clock.elapse(TIME_LIMIT / 3)
        assert poster.silent_calls >= 19  # the silent endpoints were tried meanwhile
    # an interval and a little, never a silent call's time limit
    assert max(delays) < INTERVAL + 0.25 < TIME_LIMIT, delays


async def test_a_silent_endpoint_holds_its_own_slots_only_and_one_while_failing(
    services: Services, adapters: Adapters, clock: ManualClock
) -> None:
    poster = SplitPoster(clock)
    limits = SendLimits(total=64, per_key=16, per_endpoint=4)
    worker = WebhookWorker(
        services.repo, adapters.store, adapters.webhooks, poster, POLICY, limits=limits, interval=INTERVAL, clock=clock
    )
    _, key = await services.keys.create("a portal")
    await services.webhooks.register(key, f"{SILENT}only", ["*"])
    for _ in range(8):
        await lobby(services, key)  # 8 games: 8 heads that may go side by side
    async with running(worker, clock):
        await clock.elapse(TIME_LIMIT / 2)
        assert poster.most_in_flight[f"{SILENT}only"] == 4  # its own cap, not the 8 due
        await clock.elapse(TIME_LIMIT * 1.2)
        poster.most_in_flight[f"{SILENT}only"] = poster.in_flight[f"{SILENT}only"]
        await clock.elapse(TIME_LIMIT * 1.5)
        assert poster.most_in_flight[f"{SILENT}only"] == 1  # its last attempt failed: one at a time


async def test_a_portal_takes_at_most_its_share_of_the_process_sends(
    services: Services, adapters: Adapters, clock: ManualClock
) -> None:
    poster = SplitPoster(clock)
    limits = SendLimits(total=10, per_key=6, per_endpoint=4)
    worker = WebhookWorker(
        services.repo, adapters.store, adapters.webhooks, poster, POLICY, limits=limits, interval=INTERVAL, clock=clock
    )
    _, crowd = await services.keys.create("silent portal")
    _, healthy = await services.keys.create("healthy portal")
    for n in range(5):
        await services.webhooks.register(crowd, f"{SILENT}{n}", ["*"])
    await services.webhooks.register(healthy, HEALTHY, ["*"])
    for _ in range(4):
        await lobby(services, crowd)
    async with running(worker, clock):
        await clock.elapse(TIME_LIMIT / 2)
        assert sum(n for url, n in poster.in_flight.items() if url.startswith(SILENT)) == 6  # 20 due, 6 allowed
        game_id, _ = await lobby(services, healthy)
        moved = clock.monotonic()
        while not any(e["game_id"] == game_id for _, e in poster.arrived):
            assert clock.monotonic() - moved < TIME_LIMIT / 2, "no slot was left for the other portal"
            await clock.elapse(0.005)


async def test_an_endpoint_that_keeps_failing_is_paused_and_says_so(
    services: Services, adapters: Adapters, clock: ManualClock
) -> None:
    poster = SplitPoster(clock)
    breaker = Breaker(failures=3, pause_seconds=60, max_pause_seconds=600)
    worker = WebhookWorker(
        services.repo,
        adapters.store,
        adapters.webhooks,
        poster,
        POLICY,
        breaker=breaker,
        interval=INTERVAL,
        clock=clock,
    )
    _, key = await services.keys.create("a portal")
    webhook = await services.webhooks.register(key, f"{SILENT}paused", ["*"])
    for _ in range(2):
        await lobby(services, key)
    async with running(worker, clock):
        deadline = clock.monotonic() + 10 * TIME_LIMIT
        while (await services.webhooks.get(key, webhook.webhook_id)).paused_until is None:
            assert clock.monotonic() < deadline, "never paused"
            await clock.elapse(INTERVAL)
        calls = poster.silent_calls
        await clock.elapse(TIME_LIMIT * 2)
        assert poster.silent_calls == calls, "a paused endpoint is not called"
    shown = await services.webhooks.get(key, webhook.webhook_id)
    assert shown.paused_until is not None and shown.consecutive_failures >= 3
    assert shown.pause_reason is not None and shown.pause_reason.startswith("3 consecutive failed attempts")
    assert "ReadTimeout" in shown.pause_reason
    log = await services.webhooks.deliveries(key, webhook.webhook_id, None, None, 100)
    assert (log.paused_until, log.pause_reason, log.consecutive_failures) == (
        shown.paused_until,
        shown.pause_reason,
        shown.consecutive_failures,
    )
    # its deliveries wait, pending, until the pause is over
    assert {d.status for d in log.deliveries} == {"pending"}
    assert all(d.next_attempt_at is not None and d.next_attempt_at >= shown.paused_until for d in log.deliveries)


@pytest.mark.parametrize("grace", [0.0, 0.2])
async def test_a_stopping_worker_cancels_what_it_still_sends(
    services: Services, adapters: Adapters, clock: ManualClock, grace: float
) -> None:
    poster = SplitPoster(clock)
    worker = WebhookWorker(
        services.repo, adapters.store, adapters.webhooks, poster, POLICY, interval=INTERVAL, clock=clock
    )
    _, key = await services.keys.create("a portal")
    await services.webhooks.register(key, f"{SILENT}stop", ["*"])
    await lobby(services, key)
    stop = asyncio.Event()
    task = asyncio.create_task(run_every("webhooks", lambda: worker.step(stop), stop, INTERVAL, clock))
    await clock.elapse(grace + 0.1)
    assert worker.in_flight == 1
    started = clock.monotonic()
    stop.set()
    await finished(task, clock)
    assert worker.in_flight == 0 and clock.monotonic() - started < TIME_LIMIT + 0.5
