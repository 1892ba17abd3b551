"""OpenTelemetry traces (api/tracing.py), with the SDK's in-memory exporter: off by default; on, one command over the
app in this process is one trace, its HTTP span holding decide, the append (asyncpg) and the projection (Redis); a
group commit carrying two appends is linked from both, and links to both."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from typing import Any

import asyncpg
import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from api import app as app_module
from api import tracing
from api.observe import ApiObserver
from api.tracing import Tracing
from infra.event_store import PostgresEventStore
from infra.settings import Settings
from services.ports import GameRecord, NewEvent
from tests.ops import bearer, new_game, ops_settings


def test_tracing_is_off_unless_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "TAPIS_TRACING",
        "TAPIS_OTEL_ENDPOINT",
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
    ):
        monkeypatch.delenv(name, raising=False)
    assert not Settings.from_env().tracing
    assert Tracing.start(Settings()) is None
    assert tracing.tracer() is None
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318")
    assert Settings.from_env().tracing, "an OTLP endpoint turns traces on"
    monkeypatch.setenv("TAPIS_TRACING", "false")
    assert not Settings.from_env().tracing, "unless TAPIS_TRACING says off"


@pytest.fixture
def exporter(monkeypatch: pytest.MonkeyPatch) -> Iterator[InMemorySpanExporter]:
    """Tracing on for the apps made in the test, into memory; the drivers' instrumentations taken off after."""
    spans = InMemorySpanExporter()
    started: list[Tracing] = []
    real = Tracing.start.__func__  # type: ignore[attr-defined]

    def start(cls: type[Tracing], settings: Settings, processor: Any = None) -> Tracing | None:
        made: Tracing | None = real(cls, settings, SimpleSpanProcessor(spans))
        if made is not None:
            started.append(made)
        return made

    monkeypatch.setattr(Tracing, "start", classmethod(start))
    yield spans
    for made in started:
        made.stop()


def descendants(spans: tuple[ReadableSpan, ...], root: ReadableSpan) -> list[ReadableSpan]:
    children: dict[int, list[ReadableSpan]] = {}
    for span in spans:
        if span.parent is not None:
            children.setdefault(span.parent.span_id, []).append(span)
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop().context.span_id, []):
            found.append(child)
            todo.append(child)
    return found


@pytest.mark.integration
async def test_a_command_is_one_trace_with_decide_append_and_projection_under_its_http_span(
    settings: Settings, exporter: InMemorySpanExporter
) -> None:
    app = app_module.serve_app(ops_settings(settings, log_level="warning"), run_projector=False)
    # what `tapis serve` runs: the Litestar app, its command route installed in front of its router and, under
    # tracing, inside the plugin's middleware (api/command_route.py): the command below goes down that route
    assert isinstance(app, Litestar), "tracing on, the command route beside Litestar is left out"
    async with AsyncTestClient(app) as client:
        game_id, _, tokens = await new_game(client)
        move = (await client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(tokens[0]))).json()["moves"][0]
        exporter.clear()
        sent = await client.post(f"/v1/games/{game_id}/commands", json=move, headers=bearer(tokens[0]))
        assert sent.status_code == 200, sent.text
    spans = exporter.get_finished_spans()
    (http,) = [s for s in spans if s.name == "POST /v1/games/{game_id}/commands"]
    assert http.parent is None and http.attributes is not None
    assert http.attributes["http.route"] == "/v1/games/{game_id}/commands"
    assert http.attributes["http.status_code"] == 200
    assert http.attributes["tapis.request_id"] == sent.headers["x-request-id"]
    below = descendants(spans, http)
    assert {s.context.trace_id for s in below} == {http.context.trace_id}
    names = [s.name for s in below]
    for name in ("tapis.command", "tapis.transact", "tapis.decide", "tapis.append", "tapis.group_commit"):
        assert name in names, names
    systems = {(s.attributes or {}).get("db.system") or (s.attributes or {}).get("db.system.name") for s in below}
    assert "postgresql" in systems, "the append's statement, from the asyncpg instrumentation"
    assert "redis" in systems, "the projection's write, from the redis instrumentation"
    (command,) = [s for s in below if s.name == "tapis.command"]
    assert command.attributes is not None
    assert command.attributes["tapis.game"] == "six-nimmt" and command.attributes["tapis.outcome"] == "accepted"
    assert command.attributes["tapis.command"] == move["type"]
    # no token in any span (statements go without their parameters, Redis commands as `EVALSHA ? ?`)
    for span in spans:
        assert tokens[0] not in str(span.to_json())


@pytest.mark.integration
async def test_a_group_commit_of_two_appends_is_linked_from_both(
    settings: Settings, pool: asyncpg.Pool, exporter: InMemorySpanExporter
) -> None:
    traced = Tracing.start(settings)  # the patched start: into memory
    assert traced is not None
    tracer = tracing.tracer()
    assert tracer is not None
    store = PostgresEventStore(pool, observer=ApiObserver())
    # streams of a game type no process serves (the projector and webhooks skip them), removed at the end
    ids = [f"trace-{secrets.token_hex(6)}" for _ in range(2)]
    event = NewEvent(type="TraceTest", data=b"{}")
    try:
        for game_id in ids:
            record = GameRecord(game_id, "trace-test", b"s" * 32, b"h" * 32, {})
            await store.create(record, [event], {"actor": "admin"})
        exporter.clear()

        async def command(game_id: str) -> int:
            with tracer.start_as_current_span(f"request {game_id}"):
                return await store.append(game_id, 1, [event], {"actor": 0})

        assert await asyncio.gather(*(command(game_id) for game_id in ids)) == [2, 2]
    finally:
        async with pool.acquire() as conn:
            await conn.execute("DELETE FROM events WHERE stream_id = ANY($1::text[])", ids)
            await conn.execute("DELETE FROM games WHERE game_id = ANY($1::text[])", ids)
    spans = exporter.get_finished_spans()
    (commit,) = [s for s in spans if s.name == "tapis.group_commit"]
    appends = [s for s in spans if s.name == "tapis.append"]
    assert commit.attributes is not None and commit.attributes["tapis.batch"] == 2
    assert commit.parent is None, "a trace of its own"
    assert {link.context.span_id for link in commit.links} == {s.context.span_id for s in appends}
    for span in appends:
        assert [link.context.span_id for link in span.links] == [commit.context.span_id]
    statements = [s for s in descendants(spans, commit) if (s.attributes or {}).get("db.system") == "postgresql"]
    assert statements, "the shared statement under the group commit"


@pytest.mark.integration
async def test_background_loops_are_traced_one_span_per_tick(
    settings: Settings, exporter: InMemorySpanExporter
) -> None:
    # every loop ticking several times a second: before each tick had a span, each of their statements and Redis
    # calls was a trace of its own; so were the probes' checks and the start's schema check
    fast = ops_settings(
        settings, log_level="warning", projector_interval=0.1, timer_interval=0.1, webhook_interval=0.1,
        metrics_interval=0.1,
    )  # fmt: skip
    app = app_module.serve_app(fast, run_projector=True)
    async with AsyncTestClient(app) as client:
        game_id, _, tokens = await new_game(client)
        for probe in ("/v1/health", "/v1/health/ready", "/v1/health/live"):  # untraced, their checks too
            assert (await client.get(probe)).status_code == 200
        await asyncio.sleep(1.0)
    spans = exporter.get_finished_spans()
    roots = [s for s in spans if s.parent is None]
    ticks = [s for s in roots if s.name == "tapis.tick"]
    loops = {(s.attributes or {}).get("tapis.loop") for s in ticks}
    assert {"projector", "timer", "webhooks", "bots", "lobby", "metrics"} <= loops, loops
    strays = [s.name for s in roots if s.name != "tapis.tick" and not s.name.startswith(("POST ", "GET ", "HTTP "))]
    assert strays == [], f"spans outside any request or tick: {sorted(set(strays))}"
    below_ticks = [d for tick in ticks for d in descendants(spans, tick)]
    systems = {(s.attributes or {}).get("db.system") or (s.attributes or {}).get("db.system.name") for s in below_ticks}
    assert {"postgresql", "redis"} <= systems, "the ticks' statements and Redis calls are their children"
    assert all(s.context.trace_id == tick.context.trace_id for tick in ticks for s in descendants(spans, tick))
    assert game_id and tokens
