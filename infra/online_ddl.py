"""Index builds and drops that leave writes going, for migrations (docs/migrations.md).

A plain `CREATE INDEX` takes a SHARE lock on its table for the whole build: on `events`, every append waits until the
index is written, seconds on a long log. `CREATE INDEX CONCURRENTLY` takes SHARE UPDATE EXCLUSIVE, which appends do
not conflict with, and builds in two passes; Postgres refuses it inside a transaction, so it runs in alembic's
autocommit block (the revision's transaction is committed before it, and a new one begun after).
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import text


def _unbounded(statement: str) -> None:
    """Run `statement` without the migration's lock_timeout, then restore it. For the concurrent builds and drops
    only: they wait for older transactions to finish, but what they wait on stops no write, so a wait delays the
    deploy, not the players, and giving up would leave an invalid index to clean."""
    bind = op.get_bind()
    previous = bind.execute(text("SHOW lock_timeout")).scalar()
    bind.exec_driver_sql("SET lock_timeout = 0")
    try:
        bind.exec_driver_sql(statement)
    finally:
        bind.exec_driver_sql(f"SET lock_timeout = '{previous}'")


def create_index_concurrently(name: str, definition: str) -> None:
    """`CREATE INDEX CONCURRENTLY <name> <definition>` (e.g. `ON events (recorded_at) WHERE type = 'GameEnded'`).
    An index of that name left invalid by an interrupted build is dropped and built again; a valid one is kept."""
    with op.get_context().autocommit_block():
        bind = op.get_bind()
        valid = bind.execute(
            text("SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass(:name)"), {"name": name}
        ).scalar()
        if valid is True:
            return
        if valid is False:
            _unbounded(f"DROP INDEX CONCURRENTLY {name}")
        _unbounded(f"CREATE INDEX CONCURRENTLY {name} {definition}")


def drop_index_concurrently(name: str) -> None:
    with op.get_context().autocommit_block():
        _unbounded(f"DROP INDEX CONCURRENTLY IF EXISTS {name}")
