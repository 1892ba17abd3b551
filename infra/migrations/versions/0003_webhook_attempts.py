"""Webhooks: every delivery attempt in the log (status, error, time), and the log read newest first per endpoint.

Revision ID: 0003
Revises: 0002
"""

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


STATEMENTS = [
    statement
    for statement in """
        CREATE TABLE webhook_attempts (
            delivery_id BIGINT NOT NULL REFERENCES webhook_deliveries (delivery_id),
            attempt INT NOT NULL,
            attempted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            status_code INT,
            error TEXT,
            duration_ms INT NOT NULL,
            PRIMARY KEY (delivery_id, attempt)
        );
        CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, delivery_id DESC);
""".split(";")
    if statement.strip()
]


def upgrade() -> None:
    # asyncpg prepares each statement, so they go one at a time
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    op.execute("DROP INDEX webhook_deliveries_log")
    op.execute("DROP TABLE webhook_attempts")
