"""Apply and check alembic migrations; the server refuses an unmigrated database.

Every migration runs under `lock_timeout` (`TAPIS_MIGRATION_LOCK_TIMEOUT_SECONDS`, 1 s): a statement that waits
longer for its lock gives up, and `tapis migrate` tries again after a pause, up to `TAPIS_MIGRATION_ATTEMPTS` times.
Why: Postgres grants locks in order, so an `ALTER TABLE events` waiting behind a long transaction holds up every
append queued after it, for as long as it waits. Bounded, a migration costs the players at most that second per
attempt, and the deploy waits instead of the game (docs/migrations.md). Each revision commits on its own, so a retry
goes on from the revision that gave up.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

MIGRATIONS = Path(__file__).parent / "migrations"
LOCK_NOT_AVAILABLE = "55P03"  # Postgres' SQLSTATE for a lock_timeout that expired
LOCK_TIMEOUT = 1.0  # seconds a migration's statement may wait for a lock
ATTEMPTS = 30  # a migration that gave up on a lock is tried again, this many times in all
FIRST_PAUSE, LONGEST_PAUSE = 1.0, 15.0  # seconds between attempts, doubling

log = logging.getLogger("tapis.migrate")


def sqlalchemy_url(database_url: str) -> str:
    scheme, rest = database_url.split("://", 1)
    if scheme not in {"postgres", "postgresql"}:
        return database_url
    parts = urlsplit(f"postgresql+asyncpg://{rest}")
    credentials, at, hosts = parts.netloc.rpartition("@")
    if "," not in hosts:
        return f"postgresql+asyncpg://{rest}"
    # several hosts (a primary and its standbys): asyncpg's `h1:p1,h2:p2` is SQLAlchemy's `?host=h1:p1&host=h2:p2`
    query = [*parse_qsl(parts.query), *(("host", host) for host in hosts.split(","))]
    return urlunsplit(parts._replace(netloc=credentials + at, query=urlencode(query, safe=":")))


def alembic_config(database_url: str, lock_timeout: float | None = None) -> Config:
    config = Config(str(MIGRATIONS / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sqlalchemy_url(database_url).replace("%", "%%"))
    config.attributes["lock_timeout"] = lock_timeout if lock_timeout is not None else lock_timeout_setting()
    if database_url.split("://", 1)[0] in {"postgres", "postgresql"}:
        config.attributes["dsn"] = database_url  # for asyncpg itself (infra/migrations/env.py)
    return config


def lock_timeout_setting() -> float:
    return float(os.environ.get("TAPIS_MIGRATION_LOCK_TIMEOUT_SECONDS", str(LOCK_TIMEOUT)))


def lock_not_obtained(exc: BaseException) -> bool:
    """Whether the error, or one it wraps (SQLAlchemy wraps the driver's), is a lock_timeout that expired."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if getattr(current, "sqlstate", None) == LOCK_NOT_AVAILABLE or getattr(current, "pgcode", None) == (
            LOCK_NOT_AVAILABLE
        ):
            return True
        current = getattr(current, "orig", None) or current.__cause__ or current.__context__
    return False


def migrate_to(
    database_url: str,
    target: str = "head",
    *,
    downgrade: bool = False,
    attempts: int | None = None,
    lock_timeout: float | None = None,
) -> int:
    """Upgrade (or downgrade) the schema to `target`, trying again while a lock is not obtained; the number of
    attempts that gave up on a lock. Call outside a running event loop (alembic's env runs its own)."""
    attempts = attempts or int(os.environ.get("TAPIS_MIGRATION_ATTEMPTS", str(ATTEMPTS)))
    config = alembic_config(database_url, lock_timeout)
    pause = FIRST_PAUSE
    for attempt in range(1, attempts + 1):
        try:
            if downgrade:
                command.downgrade(config, target)
            else:
                command.upgrade(config, target)
        except Exception as exc:
            if not lock_not_obtained(exc) or attempt == attempts:
                raise
            log.warning(
                "migration: a lock on a busy table was not obtained within %.1f s (attempt %d of %d); "
                "trying again in %.0f s",
                config.attributes["lock_timeout"],
                attempt,
                attempts,
                pause,
            )
            time.sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)
            continue
        return attempt - 1
    raise AssertionError("unreachable")


def upgrade(database_url: str) -> None:
    """Bring the schema to the head revision (call outside a running event loop)."""
    migrate_to(database_url)


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config("postgresql://unused/none")).get_current_head()
    assert head is not None
    return head


async def current_revision(connection: asyncpg.Connection) -> str | None:
    exists = await connection.fetchval("SELECT to_regclass('alembic_version') IS NOT NULL")
    if not exists:
        return None
    value: str | None = await connection.fetchval("SELECT version_num FROM alembic_version")
    return value
