"""Structured logs (api/logs.py): the request id, the fields a request binds, the JSON format; and no secret in any
log line or metric label over a whole game with webhooks, logged at DEBUG."""

from __future__ import annotations

import io
import json
import logging
import secrets
from collections.abc import Iterator
from typing import Any

import asyncpg
import pytest
import structlog
from litestar.testing import AsyncTestClient

from api.app import create_app
from api.logs import accepted_request_id, formatter, redact
from infra.key_store import PostgresKeyStore
from infra.settings import Settings
from services.keys import PortalKeys
from tests.ops import bearer, new_game, ops_settings, play_out, wait_for
from tests.webhook_receiver import Receiver

# -- the request id and the format (no server) -------------------------------------------------------------------


@pytest.mark.parametrize("sent", ["a", "abc-123", "x" * 128, "!~", "0f1e2d3c-uuid"])
def test_a_request_id_of_1_to_128_visible_ascii_is_kept(sent: str) -> None:
    assert accepted_request_id(sent) == sent
    assert accepted_request_id(sent.encode()) == sent


@pytest.mark.parametrize("sent", ["", "x" * 129, "a b", "tab\there", "é", "nul\x00", "del\x7f", "line\n"])
def test_any_other_request_id_is_replaced(sent: str) -> None:
    assert accepted_request_id(sent) is None


def test_fields_named_like_secrets_and_bearer_tokens_are_blanked() -> None:
    event: dict[str, Any] = {
        "message": "sent Authorization: Bearer abc.DEF-123_x to the API",
        "token": "t0k3n",
        "api_key": "k",
        "Secret": "s",
        "seat": 2,
    }
    shown = dict(redact(None, "info", event))
    assert "abc.DEF-123_x" not in json.dumps(shown)
    assert shown["token"] == shown["api_key"] == shown["Secret"] == "[redacted]"
    assert shown["seat"] == 2


class Capture(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler with the app's formatter writing to a buffer (a subclass: configure_logging leaves it in place)."""

    def __init__(self) -> None:
        super().__init__(io.StringIO())
        self.setFormatter(formatter())

    @property
    def text(self) -> str:
        self.flush()
        stream: io.StringIO = self.stream
        return stream.getvalue()

    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.text.splitlines() if line.strip()]


@pytest.fixture
def captured() -> Iterator[Capture]:
    root = logging.getLogger()
    level = root.level
    # the app takes the quieter of its level and uvicorn's (`tapis serve --log-level`): a test that ran uvicorn in
    # this process before (tests/adversarial, its protocols) left uvicorn's logger at its own level
    served = logging.getLogger("uvicorn.error")
    served_level = served.level
    served.setLevel(logging.NOTSET)
    handler = Capture()
    handler.setLevel(logging.DEBUG)
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        served.setLevel(served_level)
        structlog.contextvars.clear_contextvars()


def test_a_stdlib_line_is_one_json_object_with_the_bound_context(captured: Capture) -> None:
    logging.getLogger().setLevel(logging.INFO)
    structlog.contextvars.bind_contextvars(request_id="r-1", game_id="g1")
    logging.getLogger("tapis.test").warning("projection write failed for %s: %s", "g1", "timeout")
    (line,) = [line for line in captured.lines() if line.get("logger") == "tapis.test"]
    assert list(line)[:4] == ["timestamp", "level", "logger", "message"]
    assert line["message"] == "projection write failed for g1: timeout"
    assert line["level"] == "warning" and line["request_id"] == "r-1" and line["game_id"] == "g1"
    assert line["timestamp"].endswith("Z")


# -- over the app (the test servers) -----------------------------------------------------------------------------


@pytest.mark.integration
async def test_the_request_id_goes_back_and_a_command_logs_its_game_seat_and_type(
    settings: Settings, captured: Capture
) -> None:
    app = create_app(ops_settings(settings, log_level="info", request_log_sample=1.0), run_projector=False)
    async with AsyncTestClient(app) as client:
        given = await client.get("/v1/catalog", headers={"X-Request-ID": "portal-req-42"})
        assert given.headers["x-request-id"] == "portal-req-42"
        generated = await client.get("/v1/catalog", headers={"X-Request-ID": "no spaces allowed"})
        assert len(generated.headers["x-request-id"]) == 32 and generated.headers["x-request-id"] != "portal-req-42"
        # errors too: one raised by a middleware (a NUL in the path), and a path no route matches
        assert (await client.get("/v1/games/%00", headers={"X-Request-ID": "nul-1"})).headers["x-request-id"] == "nul-1"
        # under /v1/: no route there (outside it, the web client's static files route takes any path)
        assert (await client.get("/v1/nowhere", headers={"X-Request-ID": "lost-1"})).headers["x-request-id"] == "lost-1"

        game_id, _, tokens = await new_game(client)
        token = tokens[0]
        move = (await client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(token))).json()["moves"][0]
        sent = await client.post(
            f"/v1/games/{game_id}/commands", json=move, headers={**bearer(token), "X-Request-ID": "cmd-1"}
        )
        assert sent.status_code == 200, sent.text
    lines = captured.lines()
    (command,) = [line for line in lines if line.get("request_id") == "cmd-1" and line["message"] == "request"]
    assert command["game_id"] == game_id and command["game"] == "six-nimmt"
    assert command["seat"] == 0 and command["command"] == move["type"]
    assert command["route"] == "/v1/games/{game_id}/commands" and command["status"] == 200
    assert command["method"] == "POST" and command["duration_ms"] > 0
    (lost,) = [line for line in lines if line.get("request_id") == "lost-1"]
    assert lost["status"] == 404 and lost["route"] is None
    assert any(line.get("request_id") == "portal-req-42" and line["status"] == 200 for line in lines)


async def _seeds(database_url: str, game_ids: list[str]) -> list[str]:
    conn = await asyncpg.connect(database_url)
    try:
        rows = await conn.fetch("SELECT seed FROM games WHERE game_id = ANY($1::text[])", game_ids)
    finally:
        await conn.close()
    return [bytes(row["seed"]).hex() for row in rows]


@pytest.mark.integration
async def test_no_secret_reaches_a_log_line_or_a_metric_label(
    settings: Settings, pool: asyncpg.Pool, captured: Capture
) -> None:
    """A portal with a key and a webhook; a public game played to its end and a private one started, at DEBUG, with
    wrong tokens and keys sent too. Then every line and /metrics are searched for every secret (tokens, the key,
    the webhook secret, the join code, the seeds; the wrong values sent), and /metrics for every game id."""
    receiver = Receiver()
    await receiver.start()
    # every request line written (successes are sampled by default): each is searched for secrets
    settings = ops_settings(settings, log_level="debug", webhook_interval=0.05, request_log_sample=1.0)
    app = create_app(settings, run_projector=True)
    try:
        async with AsyncTestClient(app, timeout=30) as client:
            # a portal's key as `tapis keys create` makes it (the app runs in a loop of its own: a store of ours)
            _, api_key = await PortalKeys(PostgresKeyStore(pool), (), required=False).create("secrets portal")
            hook = await client.post(
                "/v1/webhooks", json={"url": receiver.url, "topics": ["*"]}, headers={"X-API-Key": api_key}
            )
            assert hook.status_code == 201, hook.text
            webhook_secret = hook.json()["secret"]
            portal = {"X-API-Key": api_key}
            created = await client.post("/v1/games", json={"game": "six-nimmt", "players": 2}, headers=portal)
            public_id, public_admin = created.json()["game_id"], created.json()["admin_token"]
            private = await client.post(
                "/v1/games", json={"game": "six-nimmt", "players": 2, "private": True}, headers=portal
            )
            private_id, private_admin = private.json()["game_id"], private.json()["admin_token"]
            join_code = private.json()["join_code"]
            tokens: list[str] = [public_admin, private_admin]
            seats: dict[int, str] = {}
            for game_id, admin, extra in (
                (public_id, public_admin, {}),
                (private_id, private_admin, {"join_code": join_code}),
            ):
                joined = await client.post(
                    f"/v1/games/{game_id}/seats", json={"name": "ann", "entropy": secrets.token_hex(8), **extra}
                )
                assert joined.status_code == 201, joined.text
                tokens.append(joined.json()["player_token"])
                if game_id == public_id:
                    seats[joined.json()["seat"]] = joined.json()["player_token"]
                bot = await client.post(f"/v1/games/{game_id}/seats", json={"bot": "smart"}, headers=bearer(admin))
                assert bot.status_code == 201, bot.text
                assert (await client.post(f"/v1/games/{game_id}/start", headers=bearer(admin))).status_code == 200
            seeds = await _seeds(settings.database_url or "", [public_id, private_id])
            # what an attacker sends: refused, and never written down either
            wrong_token, wrong_key = "w" + secrets.token_urlsafe(32), "tk_" + secrets.token_urlsafe(24)
            refused = await client.post(f"/v1/games/{public_id}/commands", json={}, headers=bearer(wrong_token))
            assert refused.status_code == 401
            assert (await client.get("/v1/webhooks", headers={"X-API-Key": wrong_key})).status_code == 401
            assert (
                await client.get(f"/v1/games/{public_id}", headers={"Authorization": "Basic " + wrong_token})
            ).status_code == 401
            assert await play_out(client, public_id, seats) > 0
            await wait_for(
                lambda: any(
                    r.event.get("topic") == "game.finished" and r.event.get("game_id") == public_id
                    for r in receiver.received
                )
            )
            metrics = (await client.get("/metrics")).text
    finally:
        await receiver.stop()
    text = captured.text
    assert text.count("\n") > 100, "the game logged (at DEBUG) what it did"
    for line in text.splitlines():
        json.loads(line)  # every line is one JSON object
    assert "tapis_commands_total" in metrics
    for secret in [*tokens, api_key, webhook_secret, join_code, *seeds, wrong_token, wrong_key]:
        assert secret not in text, f"a secret in the logs: {secret[:6]}..."
        assert secret not in metrics, f"a secret in /metrics: {secret[:6]}..."
    for game_id in (public_id, private_id):
        assert game_id not in metrics, "a game id as a metric label"
        assert game_id in text, "the game id is in the logs (it is no secret)"
