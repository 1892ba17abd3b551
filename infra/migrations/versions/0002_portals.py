"""Portals: API keys in a table, games by key, games with a turn timer, webhooks with their delivery log.

Revision ID: 0002
Revises: 0001
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


STATEMENTS = [
    statement
    for statement in """
        CREATE TABLE api_keys (
            key_id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            key_hash BYTEA NOT NULL UNIQUE,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            revoked_at TIMESTAMPTZ
        );
        CREATE INDEX games_api_key ON games (api_key_id, created_at DESC);
        CREATE INDEX events_timed_games ON events (stream_id)
            WHERE version = 1 AND (data->>'turn_seconds') IS NOT NULL;
        CREATE TABLE webhooks (
            webhook_id TEXT PRIMARY KEY,
            api_key_id TEXT NOT NULL,
            url TEXT NOT NULL,
            topics TEXT[] NOT NULL,
            secret TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            deleted_at TIMESTAMPTZ
        );
        CREATE INDEX webhooks_key ON webhooks (api_key_id);
        CREATE TABLE webhook_deliveries (
            delivery_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            webhook_id TEXT NOT NULL REFERENCES webhooks (webhook_id),
            game_id TEXT NOT NULL,
            position BIGINT NOT NULL,
            version INT NOT NULL,
            topic TEXT NOT NULL,
            body BYTEA NOT NULL,
            status TEXT NOT NULL DEFAULT 'pending',
            attempts INT NOT NULL DEFAULT 0,
            next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            last_status INT,
            last_error TEXT,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            delivered_at TIMESTAMPTZ,
            CONSTRAINT webhook_deliveries_once UNIQUE (webhook_id, position)
        );
        CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, game_id, position)
            WHERE status = 'pending';
        CREATE TABLE webhook_checkpoint (
            name TEXT PRIMARY KEY,
            tx_id BIGINT NOT NULL,
            position BIGINT NOT NULL
        );
""".split(";")
    if statement.strip()
]


def upgrade() -> None:
    # asyncpg prepares each statement, so they go one at a time
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for table in ("webhook_checkpoint", "webhook_deliveries", "webhooks", "api_keys"):
        op.execute(f"DROP TABLE {table}")
    op.execute("DROP INDEX events_timed_games")
    op.execute("DROP INDEX games_api_key")
