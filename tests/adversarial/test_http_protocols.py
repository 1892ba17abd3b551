"""uvicorn's own refusal of a request it cannot parse, in the JSON envelope, with either of its HTTP parsers.

`tapis serve` picks httptools when it is installed (the other tests of this folder go through it); this runs each
protocol of api/server.py in a uvicorn of its own, in process, in front of an app that is never reached.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from api import server as protocols
from tests.adversarial.conftest import raw_exchange
from tests.e2e.conftest import free_port

pytestmark = pytest.mark.e2e

PROTOCOLS = ["api.server:JsonErrorsH11Protocol"]
if hasattr(protocols, "JsonErrorsHttpToolsProtocol"):
    PROTOCOLS.append("api.server:JsonErrorsHttpToolsProtocol")


async def unreachable(scope: object, receive: object, send: object) -> None:
    raise AssertionError("a request the parser refused reached the app")


@pytest.fixture(params=PROTOCOLS)
def bare_server(request: pytest.FixtureRequest) -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(
        unreachable, host="127.0.0.1", port=port, http=request.param, lifespan="off", log_level="critical"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nBad\x00Name: 1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nX: a\x00b\r\n\r\n",
    ],
    ids=["request line", "header name", "header value"],
)
def test_each_parser_refuses_in_the_envelope(bare_server: str, request_bytes: bytes) -> None:
    response = raw_exchange(bare_server, request_bytes)
    head, _, body = response.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), response
    assert b"content-type: application/json" in head.lower()
    assert json.loads(body)["error"]["code"] == "invalid_http_request"
