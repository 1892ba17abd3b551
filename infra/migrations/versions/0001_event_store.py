"""Event store: games, seat tokens, events with a gap-safe global order, idempotency.

Revision ID: 0001
Revises:
"""

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


STATEMENTS = [
    statement
    for statement in """
        CREATE TABLE games (
            game_id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            version INT NOT NULL,
            seed BYTEA NOT NULL,
            admin_token_hash BYTEA NOT NULL,
            api_key_id TEXT,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now()
        );
        CREATE INDEX games_created ON games (created_at DESC);
        CREATE TABLE seat_tokens (
            game_id TEXT NOT NULL REFERENCES games (game_id),
            seat INT NOT NULL,
            token_hash BYTEA NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE events (
            position BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            stream_id TEXT NOT NULL,
            version INT NOT NULL,
            type TEXT NOT NULL,
            data JSON NOT NULL,  -- json, not jsonb: the text is kept as written, key order included
            metadata JSONB NOT NULL DEFAULT '{}'::jsonb,
            recorded_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
            tx_id BIGINT NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
            CONSTRAINT events_stream_version UNIQUE (stream_id, version)
        );
        CREATE INDEX events_tx_position ON events (tx_id, position);
        CREATE TABLE idempotency (
            stream_id TEXT NOT NULL,
            scope TEXT NOT NULL,
            key TEXT NOT NULL,
            response BYTEA NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            PRIMARY KEY (stream_id, scope, key)
        );
""".split(";")
    if statement.strip()
]


def upgrade() -> None:
    # asyncpg prepares each statement, so they go one at a time
    for statement in STATEMENTS:
        op.execute(statement)


def downgrade() -> None:
    for table in ("idempotency", "events", "seat_tokens", "games"):
        op.execute(f"DROP TABLE {table}")
