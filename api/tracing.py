"""OpenTelemetry traces: off by default; on, every request is a span exported over OTLP/HTTP (docs/operations.md).

`Tracing.start(settings)` gives nothing unless `TAPIS_TRACING` is on (it is by itself when an OTLP endpoint is
named: `TAPIS_OTEL_ENDPOINT`, or OpenTelemetry's own `OTEL_EXPORTER_OTLP_ENDPOINT` /
`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). On, it builds the SDK's tracer provider (service name `tapis`, or
`OTEL_SERVICE_NAME`), a batching exporter, and instruments asyncpg and redis-py, so that a command's span holds:

    POST /v1/games/{game_id}/commands          the server span (Litestar's OpenTelemetryPlugin, ASGI)
      tapis.command                            game, command type, outcome (api/observe.py, ApiObserver.command)
        tapis.transact                         one write: load, decide, append, project (ApiObserver.transaction)
          tapis.decide                         the rules, once per attempt
          tapis.append                         waits for its group commit (ApiObserver.appending)
            tapis.group_commit                 the shared statement: asyncpg's spans below it
          EVALSHA ...                          the projection written to Redis (redis instrumentation)
        tapis.transact (bot moves)             ...

A group commit that carries several requests' appends is a span of its own trace, linked from each request's
`tapis.append` (and linking to each of them); one carrying a single append is that append's child.

Statements are recorded without their parameters (asyncpg's default) and Redis commands as `COMMAND ? ?` (the
redis instrumentation's sanitising), so no token, seed or hidden card goes into a span.

The background loops (projector, timer, sweepers, webhooks, archive, metrics sampler) are traced one span per tick,
`tapis.tick` (`tapis.loop`: which), holding what the tick did; without it each of their statements was a trace
of its own, several a second.
"""

from __future__ import annotations

import contextlib
import os
from contextlib import AbstractContextManager
from typing import Any

from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
from opentelemetry import context as otel_context
from opentelemetry.instrumentation.instrumentor import BaseInstrumentor  # type: ignore[attr-defined]
from opentelemetry.instrumentation.utils import suppress_instrumentation
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.trace import SpanKind, Tracer

from infra.settings import Settings
from services.background import trace_ticks

# the probes and the scraper call every few seconds: traces of them would drown the commands'
UNTRACED = ["^/metrics", "^/v1/health"]

_current: dict[str, Tracer] = {}  # the tracer of Tapis' own spans, while tracing is on


def tracer() -> Tracer | None:
    """The tracer of Tapis' own spans while tracing is on; None when it is off (nothing is recorded then)."""
    return _current.get("tapis")


def span_name(scope: Any) -> tuple[str, dict[str, Any]]:
    """The server span's first name, before routing: the method only. `api/logs.py` renames it to the route
    template (`POST /v1/games/{game_id}/commands`) once the route is known: a raw path holds ids."""
    method = str(scope.get("method", "")).strip() or str(scope.get("type", "")).upper()
    return f"HTTP {method}", {}


class Tracing:
    """One process' tracing: the provider, the instrumentations it started, the Litestar plugin."""

    def __init__(self, provider: TracerProvider) -> None:
        self.provider = provider
        self.plugin = OpenTelemetryPlugin(
            OpenTelemetryConfig(
                tracer_provider=provider,
                scope_span_details_extractor=span_name,
                exclude=UNTRACED,
                exclude_spans=["receive", "send"],  # one span per ASGI message: a live stream would make thousands
            )
        )

    @classmethod
    def start(cls, settings: Settings, processor: SpanProcessor | None = None) -> Tracing | None:
        """Tracing as the settings say (None: off). `processor`, for tests: spans go there instead of OTLP."""
        if processor is None and not settings.tracing:
            return None
        provider = TracerProvider(
            resource=Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", "tapis")})
        )
        if processor is None:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

            exporter = (
                OTLPSpanExporter(endpoint=settings.otel_endpoint) if settings.otel_endpoint else OTLPSpanExporter()
            )
            processor = BatchSpanProcessor(exporter)
        provider.add_span_processor(processor)
        tracing = cls(provider)
        tracing.instrument()
        return tracing

    def instrument(self) -> None:
        # instrumentations patch the drivers for the whole process: a previous app's (a test's) go first
        for instrumentor in _instrumentors():
            if instrumentor.is_instrumented_by_opentelemetry:
                instrumentor.uninstrument()
            instrumentor.instrument(tracer_provider=self.provider)
        _current["tapis"] = self.provider.get_tracer("tapis")
        trace_ticks(tick_span)  # the background loops: one span per tick (services/background.py)

    def stop(self) -> None:
        """Flush what is buffered, and take the instrumentations off the drivers."""
        _current.pop("tapis", None)
        trace_ticks(None)
        for instrumentor in _instrumentors():
            if instrumentor.is_instrumented_by_opentelemetry:
                instrumentor.uninstrument()
        self.provider.shutdown()


def tick_span(loop: str) -> AbstractContextManager[object]:
    """A background loop's tick (the projector's, the timer's, ...): a root span, `tapis.tick`, with the loop's name;
    the tick's statements and calls are its children. The sampler decides for it as for any root (with
    `parentbased_traceidratio`, 10 % of the ticks are kept, whole)."""
    current = tracer()
    if current is None:
        return contextlib.nullcontext()
    return current.start_as_current_span(
        "tapis.tick", context=otel_context.Context(), kind=SpanKind.INTERNAL, attributes={"tapis.loop": loop}
    )


def untraced() -> AbstractContextManager[object]:
    """No driver span within: for the calls that are neither a request's nor a tick's (the probes' checks, the
    start's), which would otherwise each be a trace of one statement."""
    return suppress_instrumentation()


def _instrumentors() -> tuple[BaseInstrumentor, ...]:
    """asyncpg's and redis-py's instrumentations (each a process-wide singleton)."""
    from opentelemetry.instrumentation.asyncpg import AsyncPGInstrumentor
    from opentelemetry.instrumentation.redis import RedisInstrumentor

    return (AsyncPGInstrumentor(), RedisInstrumentor())  # type: ignore[no-untyped-call]
