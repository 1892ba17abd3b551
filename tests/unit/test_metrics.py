"""Prometheus metrics (api/metrics.py): the values move as commands, refusals, conflicts, bot moves, appends, 429s,
streams and the projector's lag do (asserted as differences of this process' registry), and no label takes an
unbounded value. Two API processes summing into one /metrics: tests/e2e/test_metrics_http.py."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import asyncpg
import msgspec
import pytest
from litestar.testing import AsyncTestClient

from api.app import create_app
from api.metrics import (
    CODES,
    PROMETHEUS,
    Bounded,
    HttpMetrics,
    Sampler,
    attempt_outcome,
    command_label,
    game_label,
    sample_value,
    status_of,
)
from api.observe import ApiObserver
from bootstrap import in_memory
from domain.kernel.errors import RuleViolation
from infra.settings import Settings
from services.errors import BadRequest, NotFound
from services.ports import Checkpoint, ConcurrencyConflict, Outcome
from tests.ops import bearer, new_game, ops_settings
from tests.plain import plain

# -- labels (no server) ------------------------------------------------------------------------------------------


def test_labels_are_bounded() -> None:
    assert game_label("six-nimmt") == "six-nimmt"
    assert game_label("a1b2c3d4e5f6a7b8") == "unknown", "a game id is never a label"
    assert command_label("six-nimmt", b'{"type": "play_card", "card": 3}') == "play_card"
    assert command_label("six-nimmt", b'{"type": "bid", "amount": 3}') == "invalid", "a type of another game"
    assert command_label("six-nimmt", b'{"type": "' + b"x" * 500 + b'"}') == "invalid"
    assert command_label("six-nimmt", b"[1, 2]") == "invalid"
    assert command_label("le-baron", b'{"type": "play_card", "card": 3}') == "play_card"
    codes = Bounded(limit=3)
    assert [codes(c) for c in ("card_not_in_hand", "Bearer abc", "a" * 65, "x", "y", "z", "x")] == [
        "card_not_in_hand",
        "other",
        "other",
        "x",
        "y",
        "other",
        "x",
    ]


def test_attempt_outcomes_and_statuses() -> None:
    assert attempt_outcome(Outcome(ok=True, status_code=204, error=None, duration_ms=3)) == "ok"
    assert attempt_outcome(Outcome(ok=False, status_code=410, error="HTTP 410", duration_ms=3)) == "http_4xx"
    assert attempt_outcome(Outcome(ok=False, status_code=503, error="HTTP 503", duration_ms=3)) == "http_5xx"
    assert attempt_outcome(Outcome(ok=False, status_code=None, error="ConnectError", duration_ms=3)) == "error"
    assert status_of(BadRequest("x", code="invalid_path")) == 400
    assert status_of(RuleViolation("seat_taken", "x")) == 409
    assert status_of(RuleViolation("card_not_in_hand", "x")) == 422
    assert status_of(KeyError("x")) == 500


@contextmanager
def moved(*samples: tuple[str, dict[str, str]]) -> Iterator[list[float]]:
    """The change of each sample over the block, in a list filled when the block ends."""
    before = [sample_value(name, labels) for name, labels in samples]
    changes: list[float] = []
    yield changes
    changes.extend(sample_value(name, labels) - b for (name, labels), b in zip(samples, before, strict=True))


def commands(outcome: str, kind: str, code: str = "", game: str = "six-nimmt") -> tuple[str, dict[str, str]]:
    return "tapis_commands_total", {"game": game, "type": kind, "outcome": outcome, "code": code}


# -- the use cases, on the in-memory adapters --------------------------------------------------------------------


async def _two_player_game(services: Any) -> tuple[str, list[str]]:
    created = await services.commands.create("six-nimmt", 2, None, None, None)
    tokens = [
        (await services.commands.join(created.game_id, None, name, None, None)).player_token for name in ("a", "b")
    ]
    await services.commands.start(created.game_id, created.admin_token)
    return created.game_id, tokens


async def test_commands_are_counted_by_game_type_and_outcome() -> None:
    services = in_memory(observer=ApiObserver())
    game_id, tokens = await _two_player_game(services)
    card = plain(await services.queries.view(game_id, tokens[0]))["state"]["hand"][0]
    play = msgspec.json.encode({"type": "play_card", "card": card})
    with moved(
        commands("accepted", "play_card"),
        commands("replayed", "play_card"),
        commands("refused", "play_card", "card_not_in_hand"),
        commands("refused", "invalid", "invalid_command"),
        commands("refused", "unknown", "game_not_found", game="unknown"),
        commands("refused", "play_card", "invalid_token"),
    ) as changes:
        await services.commands.command(game_id, tokens[0], play, None, "key-1")
        await services.commands.command(game_id, tokens[0], play, None, "key-1")  # the same key: the first answer
        with pytest.raises(RuleViolation):
            await services.commands.command(game_id, tokens[1], b'{"type": "play_card", "card": 200}', None, None)
        with pytest.raises(BadRequest):
            await services.commands.command(game_id, tokens[1], b'{"type": "fly"}', None, None)
        with pytest.raises(NotFound):
            await services.commands.command("nosuchgame", tokens[1], play, None, None)
        with pytest.raises(Exception, match="token"):
            await services.commands.command(game_id, "not-a-token", play, None, None)
    assert changes == [1, 1, 1, 1, 1, 1]


async def test_a_conflict_retried_is_counted_and_the_command_still_accepted() -> None:
    services = in_memory(observer=ApiObserver())
    game_id, tokens = await _two_player_game(services)
    card = plain(await services.queries.view(game_id, tokens[0]))["state"]["hand"][0]
    store = services.repo.store
    real = store.append
    conflicts = [ConcurrencyConflict(game_id)]

    async def moved_meanwhile(*args: Any, **kwargs: Any) -> int:
        if conflicts:
            raise conflicts.pop()  # as if another process had appended first
        return await real(*args, **kwargs)

    store.append = moved_meanwhile  # type: ignore[method-assign]
    with moved(
        ("tapis_command_conflicts_total", {"game": "six-nimmt", "type": "play_card"}),
        ("tapis_transaction_conflicts_total", {"game": "six-nimmt", "actor": "player"}),
        commands("accepted", "play_card"),
    ) as changes:
        await services.commands.command(
            game_id, tokens[0], msgspec.json.encode({"type": "play_card", "card": card}), None, None
        )
    assert changes == [1, 1, 1]


async def test_bot_moves_are_counted_by_game_and_level() -> None:
    services = in_memory(observer=ApiObserver())
    created = await services.commands.create("six-nimmt", 3, None, None, None)
    await services.commands.join(created.game_id, None, "a", None, None)
    for _ in range(2):
        await services.commands.join(created.game_id, created.admin_token, None, None, "random")
    with moved(("tapis_bot_moves_total", {"game": "six-nimmt", "level": "random"})) as changes:
        await services.commands.start(created.game_id, created.admin_token)
    assert changes == [2], "each bot chose its first card"


def test_refusal_codes_are_bounded_process_wide() -> None:
    assert CODES("card_not_in_hand") == "card_not_in_hand"
    assert CODES("UPPER") == "other"


# -- over the app (the test servers) -----------------------------------------------------------------------------

COMMANDS_ROUTE = "/v1/games/{game_id}/commands"


def http(status: int, path: str = COMMANDS_ROUTE, method: str = "POST") -> tuple[str, dict[str, str]]:
    labels = {"method": method, "path": path, "status_code": str(status), "app_name": "tapis"}
    return "tapis_http_requests_total", labels


@pytest.mark.integration
async def test_http_requests_appends_and_refusals_over_the_app(settings: Settings) -> None:
    app = create_app(ops_settings(settings, log_level="warning"), run_projector=False)
    async with AsyncTestClient(app) as client:
        game_id, _, tokens = await new_game(client, players=3, bots=1)
        token = tokens[0]
        move = (await client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token))).json()["moves"][0]
        with moved(
            http(200),
            http(422),
            http(400, "/v1/games/{game_id}", "GET"),
            ("tapis_http_request_duration_seconds_count", http(200)[1]),
            ("tapis_append_duration_seconds_count", {"kind": "append"}),
            ("tapis_append_batch_size_count", {}),
            ("tapis_http_requests_total", {**http(200, "/metrics", "GET")[1]}),
        ) as changes:
            assert (
                await client.post(f"/v1/games/{game_id}/commands", json=move, headers=bearer(token))
            ).status_code == 200
            refused = await client.post(
                f"/v1/games/{game_id}/commands", json={"type": "play_card", "card": 200}, headers=bearer(tokens[1])
            )
            assert refused.status_code == 422
            assert (await client.get("/v1/games/%00")).status_code == 400  # refused by a middleware (api/guard.py)
            exposed = await client.get("/metrics")
        assert changes[:4] == [1, 1, 1, 1]
        assert changes[4] >= 1 and changes[5] >= 1, "the command's append, in a group commit"
        assert changes[6] == 0, "the scrape is not counted"
        assert exposed.headers["content-type"].startswith("text/plain")
        text = exposed.text
        assert 'tapis_http_requests_total{app_name="tapis",method="POST",path="/v1/games/{game_id}/commands"' in text
        assert game_id not in text


@pytest.mark.integration
async def test_a_refusal_by_a_rate_limit_is_counted_by_route(settings: Settings) -> None:
    app = create_app(ops_settings(settings, rate_commands="1/60", log_level="warning"), run_projector=False)
    async with AsyncTestClient(app) as client:
        game_id, _, tokens = await new_game(client)
        body = {"type": "play_card", "card": 200}
        with moved(("tapis_rate_limited_total", {"path": COMMANDS_ROUTE}), http(429)) as changes:
            statuses = [
                (await client.post(f"/v1/games/{game_id}/commands", json=body, headers=bearer(tokens[0]))).status_code
                for _ in range(3)
            ]
        assert statuses == [422, 429, 429]
        assert changes == [2, 2]


async def test_open_live_streams_are_counted_while_open_and_their_latency_is_to_the_first_byte() -> None:
    """The middleware around a stream that stays open until told (over HTTP: tests/e2e/test_metrics_http.py)."""
    opened, close = asyncio.Event(), asyncio.Event()

    async def stream(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b": heartbeat\n\n", "more_body": True})
        opened.set()
        await close.wait()
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def sent(_: Any) -> None:
        return None

    elapsed = [0.0]  # the middleware's clock: the stream lasts as long as the test says, not a real pause
    middleware = HttpMetrics(app=stream, config=PROMETHEUS, clock=lambda: elapsed[0])
    route = "/v1/games/{game_id}/stream"
    scope = {"type": "http", "method": "GET", "path": "/v1/games/g1/stream", "path_template": route, "headers": []}
    before = sample_value("tapis_live_streams_open")
    latency = ("tapis_http_request_duration_seconds_sum", http(200, route, "GET")[1])
    with moved(latency, http(200, route, "GET")) as changes:
        task = asyncio.create_task(middleware(scope, None, sent))  # type: ignore[arg-type]
        await asyncio.wait_for(opened.wait(), 5)
        assert sample_value("tapis_live_streams_open") == before + 1
        elapsed[0] += 0.2
        close.set()
        await task
    assert sample_value("tapis_live_streams_open") == before
    assert changes[1] == 1
    assert changes[0] < 0.2, "a stream's latency is to its first byte, not its length"


class AtCheckpoint:
    """A projector checkpoint of our choosing (the test's Redis is shared with other tests' projectors)."""

    def __init__(self, checkpoint: Checkpoint) -> None:
        self.at = checkpoint

    async def checkpoint(self) -> Checkpoint:
        return self.at


@pytest.mark.integration
async def test_projector_lag_and_the_webhook_backlog_are_sampled(settings: Settings, pool: asyncpg.Pool) -> None:
    head = await pool.fetchrow("SELECT tx_id, position FROM events ORDER BY tx_id DESC, position DESC LIMIT 1")
    total = await pool.fetchval("SELECT count(*) FROM events")
    if head is None:  # an empty database: one game to lag behind
        app = create_app(ops_settings(settings, log_level="warning"), run_projector=False)
        async with AsyncTestClient(app) as client:
            await new_game(client)
        head = await pool.fetchrow("SELECT tx_id, position FROM events ORDER BY tx_id DESC, position DESC LIMIT 1")
        total = await pool.fetchval("SELECT count(*) FROM events")
    assert head is not None
    behind = Sampler(pool, AtCheckpoint(Checkpoint()))  # type: ignore[arg-type]
    await behind.step()
    assert sample_value("tapis_projector_lag_events") == min(total, 100_000)
    assert sample_value("tapis_projector_lag_seconds") > 0
    assert sample_value("tapis_webhook_deliveries_pending") == await pool.fetchval(
        "SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'"
    )
    level = Sampler(pool, AtCheckpoint(Checkpoint(tx_id=head["tx_id"] + 10**9, position=0)))  # type: ignore[arg-type]
    await level.step()
    assert sample_value("tapis_projector_lag_events") == 0
    assert sample_value("tapis_projector_lag_seconds") == 0
    assert sample_value("tapis_metrics_sampled_timestamp_seconds") > 0
