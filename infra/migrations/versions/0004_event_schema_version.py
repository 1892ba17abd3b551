"""Events: the schema version of the class that wrote each one, so that later code upcasts what an earlier release
stored (docs/events.md). Every event stored before this migration was written at version 1, the default.

Revision ID: 0004
Revises: 0003
"""

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a constant default: Postgres records it in the catalogue and rewrites no row, however long the log
    op.execute("ALTER TABLE events ADD COLUMN schema_version SMALLINT NOT NULL DEFAULT 1")


def downgrade() -> None:
    op.execute("ALTER TABLE events DROP COLUMN schema_version")
