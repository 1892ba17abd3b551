"""Apply and check alembic migrations; the server refuses an unmigrated database."""

from __future__ import annotations

from pathlib import Path

import asyncpg
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

MIGRATIONS = Path(__file__).parent / "migrations"


def sqlalchemy_url(database_url: str) -> str:
    scheme, rest = database_url.split("://", 1)
    return f"postgresql+asyncpg://{rest}" if scheme in {"postgres", "postgresql"} else database_url


def alembic_config(database_url: str) -> Config:
    config = Config(str(MIGRATIONS / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sqlalchemy_url(database_url).replace("%", "%%"))
    return config


def upgrade(database_url: str) -> None:
    """Bring the schema to the head revision (call outside a running event loop)."""
    command.upgrade(alembic_config(database_url), "head")


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
