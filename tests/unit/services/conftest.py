"""Service tests: the whole service layer (`bootstrap.in_memory`) on a fresh set of memory adapters per test.

The memory adapters behave as Postgres and Redis do (tests/contract/ runs the same tests against both), so
these tests need no server and run in milliseconds. Two `bootstrap.wire(adapters, settings)` over the same
`adapters` are two API processes over the same servers: each has its own caches, they share the data.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bootstrap import Adapters, Services, in_memory
from infra.settings import Settings
from tests.unit.services.fakes import ManualClock, flowing, fresh_adapters


@pytest.fixture
def settings() -> Settings:
    # Overrides the session fixture of tests/conftest.py, which migrates a database: a service test asking for
    # `settings` gets the defaults, and one asking for `pool` or `redis_conn` fails at once (scope mismatch)
    # instead of starting servers.
    return Settings(test_mode=True)


@pytest.fixture
def clock() -> ManualClock:
    """The services' clock: it starts at the real time (a test may compare with `time.time()`) and moves only when
    the test moves it (tests/unit/conftest.py: no unit test sleeps for real)."""
    return ManualClock(datetime.now(UTC))


@pytest.fixture
def adapters(clock: ManualClock) -> Adapters:
    return fresh_adapters(clock)


@pytest.fixture(autouse=True)
async def time_flows(clock: object) -> AsyncIterator[None]:
    """The clock's time passes whenever the loop is idle (`fakes.flowing`): a wait of the services (a bot's think
    pause, a rematch awaited, a stopping runner's grace) takes no real time and never hangs a test. A module that
    steps the time itself (`clock.elapse`) defines a `time_flows` fixture of its own that does nothing; one whose
    `clock` is a stamping clock of its own (test_proof_v3) has no sleeper to release."""
    if not isinstance(clock, ManualClock):
        yield
        return
    async with flowing(clock):
        yield


@pytest.fixture
def services(adapters: Adapters, settings: Settings) -> Services:
    return in_memory(settings, adapters)
