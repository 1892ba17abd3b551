"""The API process' observer (services/observer.py): the services' commands, writes, appends and webhook attempts
counted in Prometheus (api/metrics.py), traced with OpenTelemetry when tracing is on (api/tracing.py), and the
request's log lines given the game, the command type and the seat (api/logs.py).

`api/app.py` hands `ApiObserver()` to bootstrap's `connected`; nothing here subclasses a service or a store.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager

from opentelemetry import trace
from opentelemetry.trace import Link, NonRecordingSpan, Span, SpanContext

from api import tracing
from api.logs import bind
from api.metrics import (
    APPEND_SECONDS,
    BATCH_SIZE,
    BOT_MOVES,
    CODES,
    COMMAND_CONFLICTS,
    COMMANDS,
    OTHER,
    TRANSACTION_CONFLICTS,
    UNKNOWN,
    WEBHOOK_ATTEMPTS,
    attempt_outcome,
    child,
    command_label,
    game_label,
)
from domain.kernel.bots import LEVELS
from domain.kernel.errors import RuleViolation
from services.errors import Conflict, ServiceError, Unavailable
from services.observer import CommandWatch, TransactionWatch
from services.ports import ConcurrencyConflict, GameRecord, Outcome, StoreUnavailable
from services.writes import Actor, WriteOutcome

_NOTHING = contextlib.nullcontext()

AppendKey = tuple[str, int]


def actor_label(actor: Actor) -> str:
    """The `actor` label of a write: player, bot, or other (the admin, the timer, the lobby)."""
    return actor.who if actor.who in ("player", "bot") else OTHER


def command_outcome(exc: BaseException) -> tuple[str, str]:
    """The (outcome, code) labels of a command that raised `exc`."""
    if isinstance(exc, RuleViolation):
        return "refused", CODES(exc.code)
    if isinstance(exc, Conflict):
        return ("conflict", "") if exc.code == "conflict" else ("refused", CODES(exc.code))
    if isinstance(exc, (Unavailable, StoreUnavailable)):
        return "unavailable", ""
    if isinstance(exc, ServiceError):
        return "refused", CODES(exc.code)
    return "error", ""


class _Command:
    """A player's command as the observer follows it: its labels, and how its own write ended."""

    def __init__(self) -> None:
        self.labels = (UNKNOWN, UNKNOWN)  # the game and the command type
        self.replays = False
        self.conflicts = 0

    def game(self, record: GameRecord, body: bytes) -> None:
        self.labels = game, kind = game_label(record.game), command_label(record.game, body)
        bind(game=game, command=kind)

    def seat(self, seat: int) -> None:
        bind(seat=seat)

    def replayed(self) -> None:
        self.replays = True

    def ended(self, outcome: WriteOutcome) -> None:
        self.replays = self.replays or outcome.ended == "replayed"
        self.conflicts = outcome.conflicts


class _Transaction:
    def __init__(self, game: str, actor: Actor, tracer: trace.Tracer | None) -> None:
        self.game = game
        self.actor = actor
        self.tracer = tracer

    def deciding(self, version: int) -> AbstractContextManager[object]:
        if self.tracer is None:
            return _NOTHING
        return self.tracer.start_as_current_span("tapis.decide", attributes={"tapis.version": version})

    def ended(self, outcome: WriteOutcome) -> None:
        if outcome.conflicts:
            TRANSACTION_CONFLICTS.labels(game=self.game, actor=actor_label(self.actor)).inc(outcome.conflicts)
        if outcome.appended and self.actor.who == "bot":
            level = self.actor.level
            BOT_MOVES.labels(game=self.game, level=level if level in LEVELS else OTHER).inc()


class ApiObserver:
    """Metrics always; spans when tracing is on (asked at each call: tests turn it on and off in one process)."""

    def __init__(self) -> None:
        # the spans of appends waiting for their group commit, and the commit that carried several, by (stream id,
        # expected version): so that the two link to each other
        self._callers: dict[AppendKey, SpanContext] = {}
        self._commits: dict[AppendKey, SpanContext] = {}

    @contextlib.contextmanager
    def command(self) -> Iterator[CommandWatch]:
        """Players' commands counted by game, command type and outcome, and the conflicts their own write met; a
        `tapis.command` span around each when tracing is on."""
        seen = _Command()
        tracer = tracing.tracer()
        span: Span | None = tracer.start_span("tapis.command") if tracer is not None else None
        outcome, code = "error", ""
        try:
            with trace.use_span(span, end_on_exit=False) if span is not None else _NOTHING:
                yield seen
            outcome = "replayed" if seen.replays else "accepted"
        except BaseException as exc:
            outcome, code = command_outcome(exc)
            raise
        finally:
            game, kind = seen.labels
            child(COMMANDS, (game, kind, outcome, code)).inc()  # the label names' order: game, type, outcome, code
            if seen.conflicts:
                COMMAND_CONFLICTS.labels(game=game, type=kind).inc(seen.conflicts)
            if span is not None:
                span.set_attributes({"tapis.game": game, "tapis.command": kind, "tapis.outcome": outcome})
                if code:
                    span.set_attribute("tapis.code", code)
                span.end()

    @contextlib.contextmanager
    def transaction(self, record: GameRecord, actor: Actor) -> Iterator[TransactionWatch]:
        """Conflicts retried and bot moves appended; the `tapis.transact` span when tracing is on."""
        game = game_label(record.game)
        tracer = tracing.tracer()
        watch = _Transaction(game, actor, tracer)
        if tracer is None:
            yield watch
            return
        attributes = {"tapis.game": game, "tapis.game_id": record.game_id, "tapis.actor": actor_label(actor)}
        with tracer.start_as_current_span("tapis.transact", attributes=attributes):
            yield watch

    @contextlib.contextmanager
    def creating(self) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            APPEND_SECONDS.labels(kind="create").observe(time.perf_counter() - started)

    @contextlib.contextmanager
    def appending(self, stream_id: str, expected_version: int, events: int) -> Iterator[None]:
        """Append latency (the group commit's wait included); a `tapis.append` span per caller when tracing is on."""
        started = time.perf_counter()
        tracer = tracing.tracer()
        try:
            if tracer is None:
                yield
                return
            key = (stream_id, expected_version)
            with tracer.start_as_current_span("tapis.append", attributes={"tapis.events": events}) as span:
                self._callers[key] = span.get_span_context()
                try:
                    yield
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

    @contextlib.contextmanager
    def group_commit(self, appends: list[AppendKey]) -> Iterator[None]:
        """The size of each group commit; with tracing, a `tapis.group_commit` span per shared statement: the
        caller's child when it carries one append, else a trace of its own linked both ways with its callers."""
        BATCH_SIZE.observe(len(appends))
        tracer = tracing.tracer()
        if tracer is None:
            yield
            return
        callers = [context for key in appends if (context := self._callers.get(key)) is not None]
        if len(appends) == 1 and callers:
            parent = trace.set_span_in_context(NonRecordingSpan(callers[0]))
            links: list[Link] = []
        else:
            # the drainer task runs in the context of whichever request started it: a shared statement is a trace
            # of its own, linked to every request it carries
            parent, links = trace.set_span_in_context(trace.INVALID_SPAN), [Link(c) for c in callers]
        span = tracer.start_span(
            "tapis.group_commit", context=parent, links=links, attributes={"tapis.batch": len(appends)}
        )
        if len(appends) > 1:
            if len(self._commits) > 10_000:
                self._commits.clear()  # links of callers that went away before reading them: never kept for long
            for key in appends:
                self._commits[key] = span.get_span_context()
        with trace.use_span(span, end_on_exit=True):
            yield

    def webhook_attempt(self, outcome: Outcome) -> None:
        WEBHOOK_ATTEMPTS.labels(outcome=attempt_outcome(outcome)).inc()
