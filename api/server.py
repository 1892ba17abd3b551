"""uvicorn's HTTP protocols, with its own refusals in the API's JSON error envelope.

A request that uvicorn's parser cannot read (a malformed request line, a header name or value it refuses, a broken
chunked body) never reaches the app: uvicorn answers it itself, `400 Invalid HTTP request received.` in plain text,
and closes the connection. These subclasses send that same refusal as `{"error": {"code": "invalid_http_request",
...}}`. `tapis serve` runs uvicorn with `HTTP_PROTOCOL`: httptools' parser when it is installed (uvicorn's own
choice, `auto`), else h11's.
"""

from __future__ import annotations

import importlib.util

import h11
import msgspec
from uvicorn.protocols.http.h11_impl import H11Protocol

INVALID_REQUEST = msgspec.json.encode(
    {
        "error": {
            "code": "invalid_http_request",
            "message": "the request is not valid HTTP/1.1 (request line, headers or framing); the connection is closed",
            "details": None,
        }
    }
)
JSON = b"application/json"


class JsonErrorsH11Protocol(H11Protocol):
    def send_400_response(self, msg: str) -> None:
        headers = [
            (b"content-type", JSON),
            (b"content-length", str(len(INVALID_REQUEST)).encode("ascii")),
            (b"connection", b"close"),
        ]
        for event in (
            h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
            h11.Data(data=INVALID_REQUEST),
            h11.EndOfMessage(),
        ):
            output = self.conn.send(event)
            if output:
                self.transport.write(output)
        self.transport.close()


HTTP_PROTOCOL = "api.server:JsonErrorsH11Protocol"

if importlib.util.find_spec("httptools") is not None:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class JsonErrorsHttpToolsProtocol(HttpToolsProtocol):
        def send_400_response(self, msg: str) -> None:
            content = [b"HTTP/1.1 400 Bad Request\r\n"]
            for name, value in self.server_state.default_headers:
                content.extend([name, b": ", value, b"\r\n"])
            content.extend(
                [
                    b"content-type: " + JSON + b"\r\n",
                    b"content-length: " + str(len(INVALID_REQUEST)).encode("ascii") + b"\r\n",
                    b"connection: close\r\n",
                    b"\r\n",
                    INVALID_REQUEST,
                ]
            )
            self.transport.write(b"".join(content))
            self.transport.close()

    HTTP_PROTOCOL = "api.server:JsonErrorsHttpToolsProtocol"
