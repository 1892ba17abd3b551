"""Archive: finished games moved out of the hot tables, one compressed export document per game (docs/archive.md);
and an index that finds the games that ended before a time without reading the whole log.

The index is built CONCURRENTLY (infra/online_ddl.py): appends go on meanwhile. Until issue 29 it was built with a
plain CREATE INDEX, which stopped every append for the build; a database migrated then has the same index (same
name, same definition), so changing this revision's SQL changes nothing there.

Revision ID: 0005
Revises: 0004
"""

from alembic import op

from infra.online_ddl import create_index_concurrently, drop_index_concurrently

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


STATEMENTS = [
    statement
    for statement in """
        CREATE TABLE archive (
            game_id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            finished_at TIMESTAMPTZ NOT NULL,
            archived_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            document BYTEA NOT NULL  -- zlib of the export document (docs/export-format.md)
        );
""".split(";")
    if statement.strip()
]


def upgrade() -> None:
    # asyncpg prepares each statement, so they go one at a time
    for statement in STATEMENTS:
        op.execute(statement)
    create_index_concurrently("events_ended", "ON events (recorded_at) WHERE type = 'GameEnded'")


def downgrade() -> None:
    drop_index_concurrently("events_ended")
    op.execute("DROP TABLE archive")
