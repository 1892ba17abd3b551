"""Prometheus metrics at `/metrics` (prometheus_client, through Litestar's Prometheus plugin): docs/operations.md
lists every metric, its labels and what to alert on.

With several API processes (`tapis serve --workers N`, or several hosts behind one scrape each), set
`PROMETHEUS_MULTIPROC_DIR` to an empty directory of the host before the processes start: prometheus_client then keeps
each process' values in files there and `/metrics`, on whichever process answers, adds them up (counters and
histograms summed, gauges as each says: `livesum` for what is open now, `mostrecent` for a sampled value).

Where the numbers come from, without a line in the services:
- HTTP: `HttpMetrics`, the plugin's middleware, labelled by route template (never a raw path: it holds ids), with
  refusals raised by a middleware counted at their status, 429s counted by route, and live streams open;
- commands: `MeteredCommands`, the use case seen from outside (game, command type, outcome, refusal code);
- transactions: `MeteredTransactor` (conflicts retried, bot moves; the `tapis.transact` and `tapis.decide` spans);
- appends: `ObservedEventStore`, the Postgres store with its append latency and group-commit batch sizes;
- projector lag and the webhook backlog: `Sampler`, a small background reader of the checkpoint and the tables.

No label holds a token, a key, a game id or any other unbounded value: games and command types are checked against
the registry, refusal codes against a pattern and a cap (`Bounded`).
"""

from __future__ import annotations

import contextlib
import contextvars
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any, TypeVar, get_args

import asyncpg
import msgspec
from litestar.enums import ScopeType
from litestar.plugins.prometheus import PrometheusConfig, PrometheusController, PrometheusMiddleware
from litestar.types import Message, Receive, Scope, Send
from opentelemetry import trace
from opentelemetry.trace import Link, NonRecordingSpan, SpanContext
from prometheus_client import Counter, Gauge, Histogram

from api import tracing
from api.logs import bind
from domain.games.registry import GAMES
from domain.kernel.bots import LEVELS
from domain.kernel.errors import RuleViolation
from domain.kernel.table import Table
from infra.appends import PendingAppend
from infra.driver_errors import postgres_errors
from infra.event_store import PostgresEventStore
from services.commands import GameCommands
from services.errors import Conflict, ServiceError, Unavailable
from services.ports import (
    Checkpoint,
    ConcurrencyConflict,
    DuplicateCommand,
    GameRecord,
    NewEvent,
    Outcome,
    Projections,
    StoreUnavailable,
    WebhookPoster,
)
from services.results import CommandResult
from services.transact import Decision, Transacted, Transactor

R = TypeVar("R")

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
    counted while open, and their latency is to their first byte (a stream lasts minutes)."""

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
        started = time.perf_counter()
        seen: dict[str, Any] = {"status": 200, "duration": 0.0, "open": False}

        async def observed(message: Message) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
                if streaming:
                    seen["duration"] = time.perf_counter() - started
                    if message["status"] == 200:
                        seen["open"] = True
                        STREAMS_OPEN.inc()
            elif message["type"] == "http.response.body" and not streaming:
                seen["duration"] = time.perf_counter() - started
            await send(message)

        in_progress = child(self.requests_in_progress(labels), tuple(labels.values()))
        in_progress.inc()
        try:
            await self.app(scope, receive, observed)
        except BaseException as exc:
            seen["status"] = status_of(exc)
            seen["duration"] = time.perf_counter() - started
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


# -- commands and transactions -----------------------------------------------------------------------------------


@dataclass
class _CommandWatch:
    """What the transaction of a player's command tells the use case around it (same task, same context)."""

    transacted: bool = False
    replayed: bool = False
    conflicts: int = 0


_COMMAND: contextvars.ContextVar[_CommandWatch | None] = contextvars.ContextVar("tapis_command", default=None)


def _actor(metadata: dict[str, Any]) -> str:
    if "bot" in metadata:
        return "bot"
    return "player" if isinstance(metadata.get("actor"), int) else OTHER


class MeteredTransactor(Transactor):
    """Every write, seen from outside: conflicts retried (each decision after the first that did not follow a
    refusal re-check), bot moves appended, and the spans `tapis.transact` / `tapis.decide` when tracing is on."""

    async def transact(
        self, record: GameRecord, decide: Decision[R], metadata: dict[str, Any], *args: Any, **kwargs: Any
    ) -> Transacted[R]:
        tracer = tracing.tracer()
        calls = conflicts = 0
        refused_last = appended = False

        def watched(table: Table[Any]) -> tuple[R, list[Any]]:
            nonlocal calls, conflicts, refused_last, appended
            if calls and not refused_last:
                conflicts += 1  # decided again after its append met a moved stream
            calls += 1
            refused_last = True
            if tracer is None:
                result, events = decide(table)
            else:
                with tracer.start_as_current_span("tapis.decide", attributes={"tapis.version": table.version}):
                    result, events = decide(table)
            refused_last, appended = False, bool(events)
            return result, events

        watch = _COMMAND.get()
        own = watch is not None and not watch.transacted and "scope" in metadata
        if own and watch is not None:
            watch.transacted = True
            actor = metadata.get("actor")
            bind(seat=actor if isinstance(actor, int) else None)
        game = game_label(record.game)
        try:
            if tracer is None:
                done = await super().transact(record, watched, metadata, *args, **kwargs)
            else:
                attributes = {"tapis.game": game, "tapis.game_id": record.game_id, "tapis.actor": _actor(metadata)}
                with tracer.start_as_current_span("tapis.transact", attributes=attributes):
                    done = await super().transact(record, watched, metadata, *args, **kwargs)
        except DuplicateCommand:
            if own and watch is not None:
                watch.replayed = True
            raise
        finally:
            if conflicts:
                TRANSACTION_CONFLICTS.labels(game=game, actor=_actor(metadata)).inc(conflicts)
                if own and watch is not None:
                    watch.conflicts = conflicts
        if appended and "bot" in metadata:
            level = metadata["bot"]
            BOT_MOVES.labels(game=game, level=level if level in LEVELS else OTHER).inc()
        return done


class MeteredCommands(GameCommands):
    """Players' commands counted by game, command type and outcome; the game and the command type bound to the
    request's log lines; a `tapis.command` span when tracing is on."""

    async def command(self, game_id: str, token: str | None, body: bytes, *args: Any, **kwargs: Any) -> CommandResult:
        game, kind = UNKNOWN, UNKNOWN
        watch = _CommandWatch()
        reset = _COMMAND.set(watch)
        tracer = tracing.tracer()
        span = tracer.start_span("tapis.command") if tracer is not None else None
        outcome, code = "error", ""
        try:
            with trace.use_span(span, end_on_exit=False) if span is not None else contextlib.nullcontext():
                record = await self.repo.record(game_id)  # cached: the use case asks for it again at no cost
                game, kind = game_label(record.game), command_label(record.game, body)
                bind(game=game, command=kind)
                result = await super().command(game_id, token, body, *args, **kwargs)
            outcome = "replayed" if watch.replayed or not watch.transacted else "accepted"
            return result
        except RuleViolation as exc:
            outcome, code = "refused", CODES(exc.code)
            raise
        except Conflict as exc:
            outcome, code = ("conflict", "") if exc.code == "conflict" else ("refused", CODES(exc.code))
            raise
        except (Unavailable, StoreUnavailable):
            outcome = "unavailable"
            raise
        except ServiceError as exc:
            outcome, code = "refused", CODES(exc.code)
            raise
        finally:
            _COMMAND.reset(reset)
            child(COMMANDS, (game, kind, outcome, code)).inc()  # the label names' order: game, type, outcome, code
            if watch.conflicts:
                COMMAND_CONFLICTS.labels(game=game, type=kind).inc(watch.conflicts)
            if span is not None:
                span.set_attributes({"tapis.game": game, "tapis.command": kind, "tapis.outcome": outcome})
                if code:
                    span.set_attribute("tapis.code", code)
                span.end()


# -- the event store ---------------------------------------------------------------------------------------------

AppendKey = tuple[str, int]


class ObservedEventStore(PostgresEventStore):
    """The Postgres event store, timed: append latency (the group commit's wait included), the size of each group
    commit, and, when tracing is on, a `tapis.append` span per caller and a `tapis.group_commit` span per shared
    statement, linked both ways when it carries several callers."""

    def __init__(self, pool: asyncpg.Pool, *args: Any, **kwargs: Any) -> None:
        super().__init__(pool, *args, **kwargs)
        self.pool = pool
        self._callers: dict[AppendKey, SpanContext] = {}
        self._commits: dict[AppendKey, SpanContext] = {}

    async def create(self, record: GameRecord, events: list[NewEvent], metadata: dict[str, Any], *args: Any) -> None:
        started = time.perf_counter()
        try:
            await super().create(record, events, metadata, *args)
        finally:
            APPEND_SECONDS.labels(kind="create").observe(time.perf_counter() - started)

    async def append(
        self, stream_id: str, expected_version: int, events: list[NewEvent], metadata: dict[str, Any], *args: Any
    ) -> int:
        started = time.perf_counter()
        tracer = tracing.tracer()
        try:
            if tracer is None:
                return await super().append(stream_id, expected_version, events, metadata, *args)
            key = (stream_id, expected_version)
            with tracer.start_as_current_span("tapis.append", attributes={"tapis.events": len(events)}) as span:
                self._callers[key] = span.get_span_context()
                try:
                    return await super().append(stream_id, expected_version, events, metadata, *args)
                except ConcurrencyConflict:
                    span.set_attribute("tapis.conflict", True)
                    raise
                finally:
                    self._callers.pop(key, None)
                    commit = self._commits.pop(key, None)
                    if commit is not None:
                        span.add_link(commit)
        finally:
            child(APPEND_SECONDS, ("append",)).observe(time.perf_counter() - started)

    async def _append_batch(self, items: list[PendingAppend]) -> list[int | BaseException]:
        BATCH_SIZE.observe(len(items))
        tracer = tracing.tracer()
        if tracer is None:
            return await super()._append_batch(items)
        keys = [(item.stream_id, item.expected) for item in items]
        callers = [context for key in keys if (context := self._callers.get(key)) is not None]
        if len(items) == 1 and callers:
            parent = trace.set_span_in_context(NonRecordingSpan(callers[0]))
            links: list[Link] = []
        else:
            # the drainer task runs in the context of whichever request started it: a shared statement is a trace
            # of its own, linked to every request it carries
            parent, links = trace.set_span_in_context(trace.INVALID_SPAN), [Link(c) for c in callers]
        span = tracer.start_span(
            "tapis.group_commit", context=parent, links=links, attributes={"tapis.batch": len(items)}
        )
        if len(items) > 1:
            if len(self._commits) > 10_000:
                self._commits.clear()  # links of callers that went away before reading them: never kept for long
            for key in keys:
                self._commits[key] = span.get_span_context()
        with trace.use_span(span, end_on_exit=True):
            return await super()._append_batch(items)


# -- webhook attempts --------------------------------------------------------------------------------------------


def attempt_outcome(outcome: Outcome) -> str:
    if outcome.ok:
        return "ok"
    if outcome.status_code is None:
        return "error"
    return f"http_{outcome.status_code // 100}xx" if 400 <= outcome.status_code < 600 else "http_other"


class MeteredPoster:
    """A webhook poster whose attempts are counted by outcome (wraps the real one)."""

    def __init__(self, inner: WebhookPoster) -> None:
        self.inner = inner

    async def post(self, url: str, body: bytes, headers: dict[str, str], time_limit: float) -> Outcome:
        outcome = await self.inner.post(url, body, headers, time_limit)
        WEBHOOK_ATTEMPTS.labels(outcome=attempt_outcome(outcome)).inc()
        return outcome

    async def aclose(self) -> None:
        await self.inner.aclose()

    def __getattr__(self, name: str) -> Any:  # whatever else the real poster offers
        return getattr(self.inner, name)


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


def sampler_for(store: object, projections: Projections) -> Sampler | None:
    """The sampler of a process on Postgres (None on the in-memory adapters)."""
    return Sampler(store.pool, projections, store) if isinstance(store, ObservedEventStore) else None


def sample_value(name: str, labels: dict[str, str] | None = None) -> float:
    """A metric's value in this process' registry (0 when never set): for tests and the operator commands."""
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value(name, labels or {}) or 0.0
