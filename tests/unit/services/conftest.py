"""Service tests: the whole service layer (`bootstrap.in_memory`) on a fresh set of memory adapters per test.

The memory adapters behave as Postgres and Redis do (tests/contract/ runs the same tests against both), so
these tests need no server and run in milliseconds. Two `bootstrap.wire(adapters, settings)` over the same
`adapters` are two API processes over the same servers: each has its own caches, they share the data.
"""

from __future__ import annotations

import pytest

from bootstrap import Adapters, Services, in_memory
from infra.settings import Settings
from tests.unit.services.fakes import fresh_adapters


@pytest.fixture
def settings() -> Settings:
    # Overrides the session fixture of tests/conftest.py, which migrates a database: a service test asking for
    # `settings` gets the defaults, and one asking for `pool` or `redis_conn` fails at once (scope mismatch)
    # instead of starting servers.
    return Settings(test_mode=True)


@pytest.fixture
def adapters() -> Adapters:
    return fresh_adapters()


@pytest.fixture
def services(adapters: Adapters, settings: Settings) -> Services:
    return in_memory(settings, adapters)
