"""Driver errors become the ports' errors here, once per driver, so that services never see asyncpg or redis-py.

Every Postgres call of an adapter runs inside `postgres_errors()`, every Redis call inside `redis_errors()`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import asyncpg
from redis.exceptions import RedisClusterException, RedisError

from services.ports import ProjectionUnavailable, StoreUnavailable

# OperatorInterventionError: the server shuts down or restarts under a running query (57P01..57P03).
# InternalClientError: asyncpg's connection state machine after the socket died mid-query, seen when the pool resets
# the connection on release (asyncpg terminates it; the next acquire opens a new one). Both mean "try again later".
CONNECTION_ERRORS = (
    OSError,
    TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.InternalClientError,
)


@contextlib.contextmanager
def postgres_errors() -> Iterator[None]:
    """A lost or refused connection to Postgres is `StoreUnavailable` (the API answers 503)."""
    try:
        yield
    except CONNECTION_ERRORS as exc:
        raise StoreUnavailable(str(exc)) from exc


@contextlib.contextmanager
def redis_errors() -> Iterator[None]:
    """Any Redis failure is `ProjectionUnavailable` (the services fall back to Postgres)."""
    try:
        yield
    # RedisClusterException: the cluster client's own errors (no node serves a slot during a failover) are not
    # RedisError
    except (RedisError, RedisClusterException, OSError) as exc:
        raise ProjectionUnavailable(str(exc)) from exc
