"""The request line's cost controls (api/logs.py): uvicorn's duplicate access line off, the sample of successful
answers (`TAPIS_REQUEST_LOG_SAMPLE`), the msgspec renderer; no server."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
import structlog

from api import logs
from infra.settings import Settings


@pytest.fixture
def stream() -> Iterator[io.StringIO]:
    """configure_logging on a buffer, at INFO; the process' logging as it was afterwards."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    served = logging.getLogger("uvicorn.error")
    served_level = served.level
    served.setLevel(logging.NOTSET)  # an earlier in-process uvicorn may have left it quieter
    buffer = io.StringIO()
    yield buffer
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    for handler in handlers:
        if handler not in root.handlers:
            root.addHandler(handler)
    root.setLevel(level)
    served.setLevel(served_level)
    logs.RequestLines.sample = 1.0
    structlog.contextvars.clear_contextvars()


async def respond(status: int, path: str = "/v1/games/g1/commands") -> list[tuple[bytes, bytes]]:
    scope: Any = {"type": "http", "method": "POST", "path": path, "path_template": "/v1/games/{game_id}/commands"}
    scope["headers"], scope["state"] = [], {}
    message: Any = {"type": "http.response.start", "status": status, "headers": []}
    await logs.before_send(message, scope)
    headers: list[tuple[bytes, bytes]] = message["headers"]
    return headers


def lines(buffer: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in buffer.getvalue().splitlines() if line.strip()]


def test_uvicorns_access_logger_has_no_handler_after_configuration(stream: io.StringIO) -> None:
    access = logging.getLogger("uvicorn.access")
    access.propagate = True  # as an earlier configuration of this process left it
    logs.configure_logging("info", stream=stream)
    # uvicorn writes its access line only when this is true (its protocols ask once per connection)
    assert not access.hasHandlers()
    access.info("GET / 200")
    assert stream.getvalue() == ""


async def test_a_sample_of_one_writes_every_responses_line(stream: io.StringIO) -> None:
    logs.configure_logging("info", stream=stream, request_sample=1.0)
    for status in (200, 201, 304, 404, 500):
        await respond(status)
    assert [line["status"] for line in lines(stream)] == [200, 201, 304, 404, 500]
    assert all(
        line["message"] == "request" and line["route"] == "/v1/games/{game_id}/commands" for line in lines(stream)
    )


async def test_a_sample_of_zero_keeps_the_refusals_and_errors_and_every_request_id(stream: io.StringIO) -> None:
    logs.configure_logging("info", stream=stream, request_sample=0.0)
    answered = [await respond(status) for status in (200, 201, 302, 400, 401, 404, 429, 500, 503)]
    assert [line["status"] for line in lines(stream)] == [400, 401, 404, 429, 500, 503]
    assert all(any(name == b"x-request-id" for name, _ in headers) for headers in answered)


async def test_a_sample_keeps_about_that_share_of_the_successes(stream: io.StringIO) -> None:
    logs.configure_logging("info", stream=stream, request_sample=0.25)
    for _ in range(2000):
        await respond(200)
    kept = len(lines(stream))
    assert 350 < kept < 650, kept  # 500 expected; these bounds are 6 standard deviations wide


async def test_a_quieter_level_writes_no_request_line(stream: io.StringIO) -> None:
    logs.configure_logging("warning", stream=stream)
    await respond(200)
    await respond(404)
    await respond(500)
    assert [line["status"] for line in lines(stream)] == [500]


def test_the_renderer_writes_what_json_cannot_hold_as_text() -> None:
    rendered = json.loads(logs._json({"message": "m", "at": object, "n": 1.5, ("a", 1): "tuple key"}))
    assert rendered["message"] == "m" and rendered["n"] == 1.5
    assert rendered["at"] == str(object) and rendered[str(("a", 1))] == "tuple key"


def test_a_bearer_token_in_any_field_is_masked_once_found_in_the_joined_texts() -> None:
    event: dict[str, Any] = {"message": "request", "path": "/v1/games/x Bearer s3cr3t.T0K", "status": 401}
    shown = logs.redact(None, "info", event)
    assert "s3cr3t" not in json.dumps(shown) and shown["path"].endswith("Bearer [redacted]")
    clean: dict[str, Any] = {"message": "request", "path": "/v1/games/x", "status": 200}
    assert logs.redact(None, "info", dict(clean)) == clean


@pytest.mark.parametrize("raw", ["2", "-0.1", "half", "nan"])
def test_a_sample_outside_0_to_1_stops_the_start(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("TAPIS_REQUEST_LOG_SAMPLE", raw)
    with pytest.raises(ValueError, match="TAPIS_REQUEST_LOG_SAMPLE"):
        Settings.from_env()


@pytest.mark.parametrize(("raw", "share"), [("", 0.01), ("0", 0.0), ("0.5", 0.5), ("1", 1.0)])
def test_a_sample_from_0_to_1_is_taken(monkeypatch: pytest.MonkeyPatch, raw: str, share: float) -> None:
    monkeypatch.setenv("TAPIS_REQUEST_LOG_SAMPLE", raw)
    assert Settings.from_env().request_log_sample == share
