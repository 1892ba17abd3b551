"""Alembic environment: runs the raw-SQL migrations over SQLAlchemy's asyncpg dialect.

Every statement waits at most `lock_timeout` for a lock (infra/migrate.py says why and retries), one transaction a
revision. An index built CONCURRENTLY runs outside it, in an autocommit block (infra/online_ddl.py)."""

from __future__ import annotations

import asyncio
import functools
import os

import asyncpg
from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

config = context.config


def _lock_timeout_ms() -> int:
    # set by infra/migrate.py; alembic's own command line reads the same variable
    seconds = config.attributes.get("lock_timeout")
    if seconds is None:
        seconds = float(os.environ.get("TAPIS_MIGRATION_LOCK_TIMEOUT_SECONDS", "1"))
    return max(1, round(float(seconds) * 1000))


def run(connection: Connection) -> None:
    # for the session, so every revision's transaction and every autocommit block has it
    connection.exec_driver_sql(f"SET lock_timeout = {_lock_timeout_ms()}")
    connection.commit()
    context.configure(connection=connection, target_metadata=None, transaction_per_migration=True)
    with context.begin_transaction():
        context.run_migrations()


async def main() -> None:
    dsn = config.attributes.get("dsn")
    if dsn:
        # asyncpg reads the URL itself (infra/migrate.py): several hosts, sslmode, sslrootcert, as the API's pool does;
        # SQLAlchemy's URL would hand the last two to asyncpg as keyword arguments it does not take
        engine = create_async_engine("postgresql+asyncpg://", async_creator=functools.partial(asyncpg.connect, dsn))
    else:
        engine = create_async_engine(config.get_main_option("sqlalchemy.url") or "")
    async with engine.connect() as connection:
        await connection.run_sync(run)
        await connection.commit()
    await engine.dispose()


asyncio.run(main())
