"""Citus: on a database with the citus extension, the per-game tables distributed by game id and co-located (a
game's rows, of every table, in one shard), the API keys a reference table; and, everywhere, the webhook intake's
checkpoint able to hold one place per shard (docs/deploy.md, "Citus").

On plain Postgres only the checkpoint column is added: the log keeps its one order there.

Under Citus:
- `games`, `seat_tokens`, `events`, `idempotency`, `archive` are distributed by their game id, co-located with
  `games`; an append (a game's version bump, events, idempotency row, seat token) is then one shard's transaction.
- A unique constraint must hold the distribution column: the events' key becomes (stream_id, position), with an
  index on position alone for `read_positions` (position stays unique: one identity sequence, on the coordinator).
- Each event's `tx_id` is set on the worker that stores it, by a trigger: the log is read shard by shard on the
  workers, each shard below its own node's snapshot horizon (infra/event_store.py, READ_SHARD), which only that
  node's transaction ids can be compared with. The coordinator's default is overwritten there.
- `api_keys` is a reference table (read on every keyed request, written rarely).
- The webhook tables (endpoints, the delivery queue and its attempts, the intake checkpoint) stay on the
  coordinator as plain tables: the queue is claimed across all games at once, in turn per portal, with row leases
  (`FOR UPDATE SKIP LOCKED`), which Citus runs only on one node's tables; its load is per delivery, not per command.

The index on position is built CONCURRENTLY first (infra/online_ddl.py), while the old key still serves the same
lookups; until issue 29 it was built inside the conversion's transaction, after the key was dropped. A database
converted then has the same index, so changing this revision's SQL changes nothing there. The conversion itself
(the key replaced, the tables distributed) locks and copies the tables: it is not an online migration, and a
deployment converts to Citus in a maintenance window (docs/deploy.md, "Citus").

Revision ID: 0009
Revises: 0008
"""

from alembic import op
from sqlalchemy import text

from infra.online_ddl import create_index_concurrently, drop_index_concurrently

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

DISTRIBUTED = [("games", "game_id"), ("seat_tokens", "game_id"), ("events", "stream_id"),
               ("idempotency", "stream_id"), ("archive", "game_id")]  # fmt: skip

CITUS_BEFORE = [
    # the key must hold the distribution column; position keeps an index of its own (read_positions), built before
    "ALTER TABLE events DROP CONSTRAINT events_pkey",
    "ALTER TABLE events ADD PRIMARY KEY (stream_id, position)",
]

CITUS_AFTER = [
    """
    CREATE FUNCTION events_local_tx_id() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        -- the transaction id of the node that stores the row: what its own snapshot horizon is compared with
        NEW.tx_id := pg_current_xact_id()::text::bigint;
        RETURN NEW;
    END
    $$
    """,
    # Citus calls every trigger on a distributed table unsafe; this one reads nothing and writes only its own row
    "SET LOCAL citus.enable_unsafe_triggers = on",
    "CREATE TRIGGER events_local_tx_id BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_local_tx_id()",
    "SELECT create_reference_table('api_keys')",
]


def _citus() -> bool:
    return op.get_bind().execute(text("SELECT 1 FROM pg_extension WHERE extname = 'citus'")).first() is not None


def upgrade() -> None:
    citus = _citus()
    if citus:
        # before anything else of the revision: the block commits what the revision's transaction holds
        create_index_concurrently("events_position", "ON events (position)")
    op.execute("ALTER TABLE webhook_checkpoint ADD COLUMN shards JSONB NOT NULL DEFAULT '[]'::jsonb")
    if not citus:
        return
    for statement in CITUS_BEFORE:  # asyncpg prepares each statement, so they go one at a time
        op.execute(statement)
    # DDL and distribution in one transaction: Citus must then open one connection per worker, not one per shard
    op.execute("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'")
    for table, column in DISTRIBUTED:
        colocate = "none" if table == "games" else "games"
        op.execute(f"SELECT create_distributed_table('{table}', '{column}', colocate_with => '{colocate}')")
    for statement in CITUS_AFTER:
        op.execute(statement)


def downgrade() -> None:
    citus = _citus()
    if citus:
        op.execute("SELECT undistribute_table('api_keys')")
        op.execute("DROP TRIGGER events_local_tx_id ON events")
        op.execute("DROP FUNCTION events_local_tx_id()")
        for table, _ in reversed(DISTRIBUTED):
            op.execute(f"SELECT undistribute_table('{table}', cascade_via_foreign_keys => true)")
        op.execute("ALTER TABLE events DROP CONSTRAINT events_pkey")
        op.execute("ALTER TABLE events ADD PRIMARY KEY (position)")
    op.execute("ALTER TABLE webhook_checkpoint DROP COLUMN shards")
    if citus:
        drop_index_concurrently("events_position")  # after the key on position is back: the lookups keep an index
