"""Settings from the environment; one place that names every knob (the README's configuration table)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

POSTGRES_SCHEMES = ("postgres", "postgresql")
TLS_REDIS_SCHEMES = ("rediss", "rediss+cluster", "rediss+sentinel")


def _flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def _items(raw: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in raw.split(",") if item.strip())


def _otlp_configured() -> bool:
    """Traces go on by themselves when an OTLP endpoint is named (the OpenTelemetry variables, or Tapis' own)."""
    names = ("TAPIS_OTEL_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    return any(os.environ.get(name) for name in names)


def _share(name: str, default: float) -> float:
    """A fraction from 0 to 1; anything else stops the start with the variable named (a typo is not "all")."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be a number from 0 to 1, not {raw!r}")
    return value


def with_parameter(url: str | None, name: str, value: str | None, schemes: tuple[str, ...]) -> str | None:
    """`url` with `name=value` in its query, when `value` is given, the URL's scheme is one of `schemes` and its query
    does not name `name` already (the URL wins: it is the more specific of the two)."""
    if not url or not value:
        return url
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    if parts.scheme not in schemes or any(key == name for key, _ in query):
        return url
    return urlunsplit(parts._replace(query=urlencode([*query, (name, value)], safe="/:")))


def _seconds_or_none(raw: str | None) -> float | None:
    return float(raw) if raw is not None and raw.strip() else None


@dataclass(frozen=True)
class Settings:
    database_url: str | None = None
    # redis://host:port/db (one primary), redis+sentinel://host:port[,host:port]/service[/db] (a primary found by
    # Sentinel), redis+cluster://host:port[,host:port] (Cluster): infra/redis_client.py
    redis_url: str | None = None
    redis_cluster_shards: int = 32  # on a Redis Cluster: the listing's index shards (docs/deploy.md, "Redis Cluster")
    data_dir: Path = Path(".tapis")
    test_mode: bool = False  # client-chosen seeds (rules/dealing.md v2); never in production
    api_keys: tuple[str, ...] = ()
    require_api_key: bool = False
    max_body_bytes: int = 64 * 1024
    command_retries: int = 8
    pool_size: int = 10
    # on Citus, each append sent to the worker that holds the game's shard, not through the coordinator (the API
    # must reach the workers at the addresses the coordinator has for them): infra/citus_workers.py
    citus_worker_appends: bool = False
    projector_interval: float = 0.5
    timer_interval: float = 1.0
    bot_grace_seconds: float = 5.0  # a game left waiting on a bot this long is woken (services/bot_sweeper.py)
    lobby_ttl_seconds: float = 86_400.0  # a lobby nobody starts expires this long after its creation; 0 = never
    # dealing 3: how long the start waits for committed seats to reveal, from the last change of the seats
    reveal_seconds: float = 120.0
    # the CSP frame-ancestors of the web client's pages: 'none' (nobody frames them), or the origins of portals
    # that embed the table on purpose, space-separated (api/page_headers.py)
    frame_ancestors: str = "'none'"
    heartbeat_seconds: float = 15.0
    max_streams_per_client: int = 20  # live streams open at once per client address and process; 0 = no cap
    bot_moves_per_command: int = 4  # bot moves inside one request; the rest in the background (services/bot_runner.py)
    bot_think_seconds: float = 0.0  # each background bot move waits this long at a table with people
    bot_trade_window_seconds: float = 5.0  # an active bot holds its end of trading this long for people (bot_runner)
    bot_concurrency: int = 2  # bot moves in progress at once in one process' background
    bot_expert_budget: float = 1.0  # scales the `expert` bots' search (1: about 200 ms a move; domain/kernel/search.py)
    rate_failed_auth: str = "120/60"  # per client: COUNT/SECONDS, "0" = off (api/ratelimit.py)
    rate_commands: str = "1000/1"
    rate_create: str = "30/60"  # games created per client (POST /v1/games)
    rate_create_total: str = "600/60"  # games created by all clients together
    rate_key_prefix: str = "tapis:limits"  # Redis keys of the limits: processes with the same prefix share them
    trusted_proxies: tuple[str, ...] = ()  # addresses or CIDRs whose X-Forwarded-For names the client
    header_timeout: float = 10.0  # seconds for a connection to send a request's headers (api/server.py); 0 = off
    max_connections_per_client: int = 50  # open connections per peer address and process; 0 = off
    webhook_interval: float = 0.5
    webhook_timeout: float = 5.0  # seconds per outgoing call
    webhook_max_attempts: int = 12
    webhook_backoff: float = 1.0  # first retry after this, doubling up to webhook_backoff_max
    webhook_backoff_max: float = 300.0
    webhook_sends: int = 64  # webhook calls in flight at once per process (below httpx's pool of 100 connections)
    webhook_sends_per_key: int = 16  # of which one portal's endpoints together
    webhook_sends_per_endpoint: int = 4  # of which one endpoint (1 while its last attempt failed)
    webhook_pause_after: int = 5  # consecutive failed attempts that pause an endpoint (0 = never)
    webhook_pause: float = 30.0  # its first pause; each pause after a failed probe is twice as long
    webhook_pause_max: float = 1800.0
    archive_after_seconds: float | None = None  # finished games older than this move to the archive; None = never
    archive_interval: float = 60.0
    # operations (docs/operations.md): logs, traces, the metrics sampler
    log_format: str = "json"  # "json" (one JSON object a line) or "console" (for a person at a terminal)
    log_level: str = "info"
    request_log_sample: float = 0.01  # the share of 1xx-3xx answers written as a request line; 4xx/5xx: every one
    tracing: bool = False  # OpenTelemetry traces, exported over OTLP/HTTP (on when an OTLP endpoint is configured)
    otel_endpoint: str | None = None  # the traces URL; None: the OTEL_EXPORTER_OTLP_* variables, else localhost:4318
    metrics_interval: float = 5.0  # seconds between samples of projector lag and webhook backlog; 0 = off
    # shutdown and workers (api/shutdown.py, api/workers.py)
    shutdown_delay: float = 0.0  # seconds a stopping process stays in service, unready, before it stops accepting
    shutdown_timeout: float = 30.0  # then this long for its requests to finish; the rest are cancelled
    worker_start_timeout: float = 60.0  # a restarted worker must be ready within this, or the rolling restart stops
    worker_healthcheck_timeout: float = 5.0  # a worker that does not answer the supervisor's ping within it is killed

    @classmethod
    def from_env(cls) -> Settings:
        keys = tuple(k.strip() for k in os.environ.get("TAPIS_API_KEYS", "").split(",") if k.strip())
        return cls(
            # TLS: the CA that signed the servers' certificates, for `sslmode=verify-ca`/`verify-full` (asyncpg reads
            # `sslrootcert` from the URL) and `rediss://` (redis-py reads `ssl_ca_certs` from it): docs/deploy.md
            database_url=with_parameter(
                os.environ.get("DATABASE_URL") or None,
                "sslrootcert",
                os.environ.get("TAPIS_PG_SSL_ROOT_CERT"),
                POSTGRES_SCHEMES,
            ),
            redis_url=with_parameter(
                os.environ.get("REDIS_URL") or None,
                "ssl_ca_certs",
                os.environ.get("TAPIS_REDIS_SSL_CA_CERTS"),
                TLS_REDIS_SCHEMES,
            ),
            redis_cluster_shards=int(os.environ.get("TAPIS_REDIS_CLUSTER_SHARDS", "32")),
            data_dir=Path(os.environ.get("TAPIS_DATA_DIR", ".tapis")),
            test_mode=_flag("TAPIS_TEST_MODE", False),
            api_keys=keys,
            require_api_key=_flag("TAPIS_REQUIRE_API_KEY", False),
            heartbeat_seconds=float(os.environ.get("TAPIS_SSE_HEARTBEAT_SECONDS", "15")),
            max_streams_per_client=int(os.environ.get("TAPIS_MAX_STREAMS_PER_CLIENT", "20")),
            max_body_bytes=int(os.environ.get("TAPIS_MAX_BODY_BYTES", str(64 * 1024))),
            pool_size=int(os.environ.get("TAPIS_POOL_SIZE", "10")),
            citus_worker_appends=_flag("TAPIS_CITUS_WORKER_APPENDS", False),
            rate_failed_auth=os.environ.get("TAPIS_RATE_FAILED_AUTH", "120/60"),
            rate_commands=os.environ.get("TAPIS_RATE_COMMANDS", "1000/1"),
            rate_create=os.environ.get("TAPIS_RATE_CREATE", "30/60"),
            rate_create_total=os.environ.get("TAPIS_RATE_CREATE_TOTAL", "600/60"),
            rate_key_prefix=os.environ.get("TAPIS_RATE_KEY_PREFIX", "tapis:limits"),
            trusted_proxies=_items(os.environ.get("TAPIS_TRUSTED_PROXIES", "")),
            header_timeout=float(os.environ.get("TAPIS_HEADER_TIMEOUT_SECONDS", "10")),
            max_connections_per_client=int(os.environ.get("TAPIS_MAX_CONNECTIONS_PER_CLIENT", "50")),
            webhook_timeout=float(os.environ.get("TAPIS_WEBHOOK_TIMEOUT_SECONDS", "5")),
            webhook_max_attempts=int(os.environ.get("TAPIS_WEBHOOK_MAX_ATTEMPTS", "12")),
            webhook_backoff=float(os.environ.get("TAPIS_WEBHOOK_BACKOFF_SECONDS", "1")),
            webhook_backoff_max=float(os.environ.get("TAPIS_WEBHOOK_BACKOFF_MAX_SECONDS", "300")),
            webhook_sends=int(os.environ.get("TAPIS_WEBHOOK_SENDS", "64")),
            webhook_sends_per_key=int(os.environ.get("TAPIS_WEBHOOK_SENDS_PER_KEY", "16")),
            webhook_sends_per_endpoint=int(os.environ.get("TAPIS_WEBHOOK_SENDS_PER_ENDPOINT", "4")),
            webhook_pause_after=int(os.environ.get("TAPIS_WEBHOOK_PAUSE_AFTER_FAILURES", "5")),
            webhook_pause=float(os.environ.get("TAPIS_WEBHOOK_PAUSE_SECONDS", "30")),
            webhook_pause_max=float(os.environ.get("TAPIS_WEBHOOK_PAUSE_MAX_SECONDS", "1800")),
            bot_grace_seconds=float(os.environ.get("TAPIS_BOT_GRACE_SECONDS", "5")),
            lobby_ttl_seconds=float(os.environ.get("TAPIS_LOBBY_TTL_SECONDS", "86400")),
            reveal_seconds=float(os.environ.get("TAPIS_REVEAL_SECONDS", "120")),
            frame_ancestors=os.environ.get("TAPIS_FRAME_ANCESTORS", "'none'").strip() or "'none'",
            bot_moves_per_command=int(os.environ.get("TAPIS_BOT_MOVES_PER_REQUEST", "4")),
            bot_think_seconds=float(os.environ.get("TAPIS_BOT_THINK_SECONDS", "0")),
            bot_trade_window_seconds=float(os.environ.get("TAPIS_BOT_TRADE_WINDOW_SECONDS", "5")),
            bot_concurrency=int(os.environ.get("TAPIS_BOT_CONCURRENCY", "2")),
            bot_expert_budget=float(os.environ.get("TAPIS_BOT_EXPERT_BUDGET", "1")),
            archive_after_seconds=_seconds_or_none(os.environ.get("TAPIS_ARCHIVE_AFTER_SECONDS")),
            log_format=os.environ.get("TAPIS_LOG_FORMAT", "json").strip().lower(),
            log_level=os.environ.get("TAPIS_LOG_LEVEL", "info").strip().lower(),
            request_log_sample=_share("TAPIS_REQUEST_LOG_SAMPLE", 0.01),
            tracing=_flag("TAPIS_TRACING", _otlp_configured()),
            otel_endpoint=os.environ.get("TAPIS_OTEL_ENDPOINT") or None,
            metrics_interval=float(os.environ.get("TAPIS_METRICS_INTERVAL_SECONDS", "5")),
            shutdown_delay=float(os.environ.get("TAPIS_SHUTDOWN_DELAY_SECONDS", "0")),
            shutdown_timeout=float(os.environ.get("TAPIS_SHUTDOWN_TIMEOUT_SECONDS", "30")),
            worker_start_timeout=float(os.environ.get("TAPIS_WORKER_START_TIMEOUT_SECONDS", "60")),
            worker_healthcheck_timeout=float(os.environ.get("TAPIS_WORKER_HEALTHCHECK_TIMEOUT_SECONDS", "5")),
        )
