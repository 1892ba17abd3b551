"""In-memory adapters of the ports (`services/ports/`), for service tests that run in milliseconds.

`event_store` (with the turn timer's `due`), `key_store` and `webhook_store` stand for Postgres; `projections`,
`live` (wake-ups) and `record_news` for Redis. Each behaves as its real counterpart does, which the
contract suite (`tests/contract/`) checks by running the same tests against both.
"""
