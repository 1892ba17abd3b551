"""Webhooks: each endpoint's circuit breaker (services/webhooks.py). Consecutive failed attempts, the pauses in a
row, and the current (or last) pause with its reason; every endpoint before starts closed (no failure, no pause).

Revision ID: 0008
Revises: 0007
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

STATEMENTS = [
    # constant defaults: Postgres records them in the catalogue, no row is rewritten
    "ALTER TABLE webhooks ADD COLUMN failures INT NOT NULL DEFAULT 0",
    "ALTER TABLE webhooks ADD COLUMN pauses INT NOT NULL DEFAULT 0",
    "ALTER TABLE webhooks ADD COLUMN paused_until TIMESTAMPTZ",
    "ALTER TABLE webhooks ADD COLUMN pause_reason TEXT",
]


def upgrade() -> None:
    for statement in STATEMENTS:  # asyncpg prepares each statement, so they go one at a time
        op.execute(statement)


def downgrade() -> None:
    for column in ("pause_reason", "paused_until", "pauses", "failures"):
        op.execute(f"ALTER TABLE webhooks DROP COLUMN {column}")
