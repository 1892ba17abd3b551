"""Every error is the JSON envelope, the HTTP server's own included.

A request uvicorn cannot parse never reaches the app: uvicorn answered it `400 Invalid HTTP request received.` in
plain text. `tapis serve` runs uvicorn with a protocol of ours (api/server.py) that sends that refusal as
`invalid_http_request`; Litestar's own refusals (404, 405, 413) go through api/errors.py.
"""

from __future__ import annotations

import json

import pytest

from tests.adversarial.conftest import raw_exchange, refused
from tests.e2e.client import Tapis

pytestmark = pytest.mark.e2e

MALFORMED = [
    b"GARBAGE\r\n\r\n",
    b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Bad\x01Name: b\r\n\r\n",
    b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-API-Key: a\x00b\r\n\r\n",
    b"GET /v1/games?game=\xc2\xb2 HTTP/1.1\r\nHost: x\r\n\r\n",  # a raw non-ASCII byte in the request line
    b"GET /v1/games/%00 HTTP/9.9\r\nHost: x\r\n\r\n",
    b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{}{}{}{",
]


def split(response: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = response.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


@pytest.mark.parametrize("request_bytes", MALFORMED, ids=range(len(MALFORMED)))
def test_what_the_http_parser_refuses_is_the_json_envelope(hostile_server: str, request_bytes: bytes) -> None:
    status, headers, body = split(raw_exchange(hostile_server, request_bytes))
    assert status == 400
    assert headers["content-type"] == "application/json"
    assert int(headers["content-length"]) == len(body)
    assert headers["connection"] == "close"
    error = json.loads(body)["error"]
    assert error["code"] == "invalid_http_request" and error["message"] and "details" in error


def test_litestar_refusals_are_the_json_envelope(client: Tapis) -> None:
    refused(client.http.get("/v1/nowhere"), 404, "not_found")
    refused(client.http.get("/no-such-page.html"), 404, "not_found")  # `/` is the web client's page
    refused(client.http.put("/v1/games"), 405, "method_not_allowed")
    refused(client.http.delete("/v1/games/abc"), 405, "method_not_allowed")
    too_large = client.http.post(
        "/v1/games", content=b'{"game": "' + b"x" * 70_000 + b'"}', headers={"content-type": "application/json"}
    )
    refused(too_large, 413, "body_too_large")


def test_a_request_after_the_refusals_is_served(client: Tapis) -> None:
    assert client.http.get("/v1/health").status_code == 200
