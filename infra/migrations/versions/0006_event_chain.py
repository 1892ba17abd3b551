"""Events: each one's link in its game's hash chain (services/chain.py, docs/fair-dealing.md). Events stored before
this migration have none (NULL), and a game recorded before it stays unchained.

Revision ID: 0006
Revises: 0005
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # nullable without a default: the catalogue changes, no row is rewritten
    op.execute("ALTER TABLE events ADD COLUMN chain TEXT")


def downgrade() -> None:
    op.execute("ALTER TABLE events DROP COLUMN chain")
