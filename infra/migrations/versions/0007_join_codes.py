"""Games: a private game's join code, as SHA-256 (like the tokens); NULL for a public game and every game before.

Revision ID: 0007
Revises: 0006
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # nullable without a default: the catalogue changes, no row is rewritten
    op.execute("ALTER TABLE games ADD COLUMN join_code_hash BYTEA")


def downgrade() -> None:
    op.execute("ALTER TABLE games DROP COLUMN join_code_hash")
