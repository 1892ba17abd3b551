"""Prometheus metrics at `/metrics` (prometheus_client, through Litestar's Prometheus plugin): docs/operations.md
lists every metric, its labels and what to alert on.

With several API processes (`tapis serve --workers N`, or several hosts behind one scrape each), set
`PROMETHEUS_MULTIPROC_DIR` to an empty directory of the host before the processes start: prometheus_client then keeps
each process' values in files there and `/metrics`, on whichever process answers, adds them up (counters and
histograms summed, gauges as each says: `livesum` for what is open now, `mostrecent` for a sampled value).

Where the numbers come from:
- HTTP: `HttpMetrics`, the plugin's middleware, labelled by route template (never a raw path: it holds ids), with
  refusals raised by a middleware counted at their status, 429s counted by route, and live streams open;
- commands (game, command type, outcome, refusal code), transactions (conflicts retried, bot moves), appends (their
  latency, group-commit batch sizes) and webhook attempts: `api/observe.py`, the services' observer port
  (services/observer.py) implemented with the metrics defined here;
- projector lag and the webhook backlog: `Sampler`, a small background reader of the checkpoint and the tables.

No label holds a token, a key, a game id or any other unbounded value: games and command types are checked against
the registry, refusal codes against a pattern and a cap (`Bounded`).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from typing import Any, get_args

import asyncpg
import msgspec
from litestar.enums import ScopeType
from litestar.plugins.prometheus import PrometheusConfig, PrometheusController, PrometheusMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import Counter, Gauge, Histogram

from domain.games.registry import GAMES
from domain.kernel.errors import RuleViolation
from infra.driver_errors import postgres_errors
from infra.event_store import PostgresEventStore
from services.errors import ServiceError
from services.ports import Checkpoint, Outcome, Projections, StoreUnavailable

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64)
UNKNOWN = "unknown"
OTHER = "other"


# -- bounded labels ----------------------------------------------------------------------------------------------


class Bounded:
    """A label's values: those matching `pattern`, at most `limit` distinct ones; any other is `other`."""

    def __init__(self, pattern: str = r"[a-z][a-z0-9_]{0,63}", limit: int = 200) -> None:
        self.pattern = re.compile(pattern)
        self.limit = limit
        self.seen: set[str] = set()

    def __call__(self, value: object) -> str:
        text = str(value)
        if text in self.seen:
            return text
        if len(self.seen) >= self.limit or not self.pattern.fullmatch(text):
            return OTHER
        self.seen.add(text)
        return text


CODES = Bounded()


def game_label(game: str | None) -> str:
    return game if game is not None and game in GAMES else UNKNOWN


@cache
def _command_tags(game: str) -> frozenset[str]:
    members = get_args(GAMES[game].command_type) or (GAMES[game].command_type,)
    tags = (getattr(getattr(cls, "__struct_config__", None), "tag", None) for cls in members)
    return frozenset(tag for tag in tags if isinstance(tag, str))


class _Typed(msgspec.Struct):
    type: str = ""


_TYPED = msgspec.json.Decoder(_Typed)


def command_label(game: str, body: bytes) -> str:
    """The command's `type` when it is one of this game's commands; `invalid` for anything else."""
    if game not in GAMES:
        return UNKNOWN
    try:
        sent = _TYPED.decode(body).type
    except (msgspec.DecodeError, msgspec.ValidationError):
        return "invalid"
    return sent if sent in _command_tags(game) else "invalid"


# -- the metrics -------------------------------------------------------------------------------------------------

RATE_LIMITED = Counter("tapis_rate_limited", "Requests refused 429 by a limit, by route template", ["path"])
STREAMS_OPEN = Gauge("tapis_live_streams_open", "Live streams (SSE) open now", multiprocess_mode="livesum")
COMMANDS = Counter(
    "tapis_commands",
    "Commands sent by players, by game, command type and outcome (accepted, replayed, refused with its code,"
    " conflict, unavailable, error)",
    ["game", "type", "outcome", "code"],
)
COMMAND_CONFLICTS = Counter(
    "tapis_command_conflicts",
    "Players' commands decided again because the game moved under them (a concurrency conflict, retried)",
    ["game", "type"],
)
TRANSACTION_CONFLICTS = Counter(
    "tapis_transaction_conflicts",
    "Writes of every kind decided again after a concurrency conflict, by game and actor (player, bot, other)",
    ["game", "actor"],
)
BOT_MOVES = Counter("tapis_bot_moves", "Bot moves appended, by game and bot level", ["game", "level"])
APPEND_SECONDS = Histogram(
    "tapis_append_duration_seconds",
    "From an append's submission to its commit (group commit wait included), by kind (append, create)",
    ["kind"],
    buckets=LATENCY_BUCKETS,
)
BATCH_SIZE = Histogram("tapis_append_batch_size", "Appends carried by one group commit", buckets=BATCH_BUCKETS)
PROJECTOR_LAG_EVENTS = Gauge(
    "tapis_projector_lag_events",
    "Events in the global log after the catch-up projector's checkpoint (counted up to 100,000)",
    multiprocess_mode="mostrecent",
)
PROJECTOR_LAG_SECONDS = Gauge(
    "tapis_projector_lag_seconds",
    "Age of the oldest event after the projector's checkpoint (0 when it is at the head)",
    multiprocess_mode="mostrecent",
)
WEBHOOKS_PENDING = Gauge(
    "tapis_webhook_deliveries_pending", "Webhook deliveries waiting to be sent", multiprocess_mode="mostrecent"
)
WEBHOOKS_PAUSED = Gauge(
    "tapis_webhook_endpoints_paused",
    "Webhook endpoints paused by their circuit breaker",
    multiprocess_mode="mostrecent",
)
WEBHOOK_ATTEMPTS = Counter(
    "tapis_webhook_attempts", "Webhook delivery attempts, by outcome (ok, http_4xx, http_5xx, error)", ["outcome"]
)
SAMPLED_AT = Gauge(
    "tapis_metrics_sampled_timestamp_seconds",
    "When the lag and backlog gauges were last read (unix time)",
    multiprocess_mode="max",
)


# -- HTTP --------------------------------------------------------------------------------------------------------


def status_of(exc: BaseException) -> int:
    """The status an exception raised by a middleware will be answered with (api/errors.py)."""
    from api.errors import rule_status

    if isinstance(exc, RuleViolation):
        return rule_status(exc.code)
    if isinstance(exc, ServiceError):
        return exc.status
    if isinstance(exc, StoreUnavailable):
        return 503
    status = getattr(exc, "status_code", None)
    return status if isinstance(status, int) else 500


def is_stream(route: str) -> bool:
    return route.endswith("/stream")


_CHILDREN: dict[tuple[str, tuple[str | int | float, ...]], tuple[Any, Any]] = {}


def child(metric: Any, values: tuple[str | int | float, ...]) -> Any:
    """`metric.labels(*values)`, kept: prometheus_client converts every value to text and takes a lock on each
    call, three times a request and twice more a command (py-spy: 2 % of the server's CPU at 16 clients). It holds
    one entry per label set the metric holds already. A metric made again (a test's fresh registry) is asked again."""
    key = (metric._name, values)
    found = _CHILDREN.get(key)
    if found is not None and found[0] is metric:
        return found[1]
    made = metric.labels(*values)
    _CHILDREN[key] = (metric, made)
    return made


class HttpMetrics(PrometheusMiddleware):
    """The plugin's middleware, with what it lacks here: a request refused by an exception in a middleware below
    (api/guard.py) is counted at the status it gets, not as a 200; a 429 is counted by route; live streams are
    counted while open, and their latency is to their first byte (a stream lasts minutes). `clock` times them
    (a test's own, so that no test waits for a stream to last)."""

    def __init__(self, app: ASGIApp, config: PrometheusConfig, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(app=app, config=config)
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        route = scope.get("path_template") or "unmatched"
        labels: dict[str, str | int | float] = {
            "method": scope["method"],
            "path": route,
            "status_code": 200,
            "app_name": self._config.app_name,
        }
        streaming = is_stream(route)
        clock = self.clock
        started = clock()
        seen: dict[str, Any] = {"status": 200, "duration": 0.0, "open": False}

        async def observed(message: Message) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
                if streaming:
                    seen["duration"] = clock() - started
                    if message["status"] == 200:
                        seen["open"] = True
                        STREAMS_OPEN.inc()
            elif message["type"] == "http.response.body" and not streaming:
                seen["duration"] = clock() - started
            await send(message)

        in_progress = child(self.requests_in_progress(labels), tuple(labels.values()))
        in_progress.inc()
        try:
            await self.app(scope, receive, observed)
        except BaseException as exc:
            seen["status"] = status_of(exc)
            seen["duration"] = clock() - started
            raise
        finally:
            in_progress.dec()
            if seen["open"]:
                STREAMS_OPEN.dec()
            labels["status_code"] = seen["status"]
            values = tuple(labels.values())
            if seen["status"] >= 500:
                self.requests_error_count(labels).labels(*values).inc()
            if seen["status"] == 429:
                RATE_LIMITED.labels(path=route).inc()
            child(self.request_count(labels), values).inc()
            child(self.request_time(labels), values).observe(seen["duration"])


PROMETHEUS = PrometheusConfig(
    app_name="tapis",
    prefix="tapis_http",
    group_path=True,  # the route template, never the raw path
    buckets=list(LATENCY_BUCKETS),
    exclude=["^/metrics"],
    middleware_class=HttpMetrics,
)


class MetricsController(PrometheusController):
    """`GET /metrics`: the text exposition format, summed over the processes in multiprocess mode."""

    path = "/metrics"
    include_in_schema = False


# -- webhook attempts --------------------------------------------------------------------------------------------


def attempt_outcome(outcome: Outcome) -> str:
    if outcome.ok:
        return "ok"
    if outcome.status_code is None:
        return "error"
    return f"http_{outcome.status_code // 100}xx" if 400 <= outcome.status_code < 600 else "http_other"


# -- sampled gauges ----------------------------------------------------------------------------------------------

LAG = """
SELECT count(*), coalesce(extract(epoch FROM now() - min(recorded_at)), 0)::float8
FROM (SELECT recorded_at FROM events WHERE (tx_id, position) > ($1, $2) ORDER BY tx_id, position LIMIT 100000) AS t
"""
PENDING = "SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'"
PAUSED = "SELECT count(*) FROM webhooks WHERE deleted_at IS NULL AND paused_until > now()"


class Sampler:
    """Reads, every few seconds, what no request measures: how far the catch-up projector's checkpoint is behind
    the global log (events, and the age of the oldest one), and the webhook backlog (pending deliveries, paused
    endpoints). Each process samples; the checkpoint is shared, so every process reads the same values."""

    def __init__(self, pool: asyncpg.Pool, projections: Projections, store: PostgresEventStore | None = None) -> None:
        self.pool = pool
        self.projections = projections
        self.store = store

    async def lag(self, checkpoint: Checkpoint) -> tuple[int, float]:
        if self.store is not None and (checkpoint.shards or await self.store.sharded()):
            return await self._lag_per_shard(checkpoint)
        with postgres_errors():
            row = await self.pool.fetchrow(LAG, checkpoint.tx_id, checkpoint.position)
        assert row is not None
        return int(row[0]), float(row[1])

    async def _lag_per_shard(self, checkpoint: Checkpoint) -> tuple[int, float]:
        """On a log read shard by shard (Citus) the one-order query above would count the whole log from its start
        (and pull it to the coordinator every few seconds): what the projector has not read yet, shard by shard,
        read as it reads (at most 100,000 per shard), and the age of the oldest of it."""
        assert self.store is not None
        behind = await self.store.read_log(checkpoint, 100_000)
        if not behind:
            return 0, 0.0
        firsts: dict[str, int] = {}
        for entry in behind:  # each shard's entries in its order: its first is its oldest
            firsts.setdefault(entry.shard, entry.position)
        oldest = min(e.recorded_at for e in await self.store.read_positions(list(firsts.values())))
        return len(behind), max(0.0, (datetime.now(UTC) - oldest).total_seconds())

    async def step(self) -> None:
        events, seconds = await self.lag(await self.projections.checkpoint())
        PROJECTOR_LAG_EVENTS.set(events)
        PROJECTOR_LAG_SECONDS.set(seconds)
        with postgres_errors():
            WEBHOOKS_PENDING.set(await self.pool.fetchval(PENDING))
            with contextlib.suppress(asyncpg.UndefinedColumnError):  # a schema without the endpoints' breaker
                WEBHOOKS_PAUSED.set(await self.pool.fetchval(PAUSED))
        SAMPLED_AT.set(time.time())


def sampler_for(pool: asyncpg.Pool | None, projections: Projections) -> Sampler | None:
    """The sampler of a process on Postgres (`pool`: None on the in-memory adapters): it reads the log as the
    projector does, through a store of its own on the same pool."""
    return Sampler(pool, projections, PostgresEventStore(pool)) if pool is not None else None


def sample_value(name: str, labels: dict[str, str] | None = None) -> float:
    """A metric's value in this process' registry (0 when never set): for tests and the operator commands."""
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value(name, labels or {}) or 0.0
