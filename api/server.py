"""uvicorn's HTTP protocols, with its own refusals in the API's JSON error envelope, and the slow-client limits.

A request that uvicorn's parser cannot read (a malformed request line, a header name or value it refuses, a broken
chunked body) never reaches the app: uvicorn answers it itself, `400 Invalid HTTP request received.` in plain text,
and closes the connection. These subclasses send that same refusal as `{"error": {"code": "invalid_http_request",
...}}`. `tapis serve` runs uvicorn with `HTTP_PROTOCOL`: httptools' parser when it is installed (uvicorn's own
choice, `auto`), else h11's.

They also keep slow and greedy clients from holding the server's connections (uvicorn bounds neither: 200
connections that each sent half a request line stayed open indefinitely):
- **header timeout** (`TAPIS_HEADER_TIMEOUT_SECONDS`, 10): a connection must send a request's complete headers
  within that time of opening, or of its first byte after a previous answer (uvicorn's keep-alive timeout closes a
  connection that sends nothing after an answer); else `408 request_timeout`, JSON, and the connection is closed.
  A request whose headers are in is the app's business (a body, a long live stream): the timer stops there.
- **connections per client** (`TAPIS_MAX_CONNECTIONS_PER_CLIENT`, 50): past that many open connections from one
  peer address in this process, a new one is answered `429 too_many_connections` (JSON, `Retry-After: 1`) and
  closed before anything of it is read. Proxies named in `TAPIS_TRUSTED_PROXIES` are not capped (all their clients
  share their address); the rate limits see through them (api/ratelimit.py). The count is per process: with
  `--workers N`, the kernel spreads one client's connections over N counts.
Both are read from the environment once per process (uvicorn builds a protocol per connection, from its class).

And the peer stays the peer: uvicorn wraps the app in its proxy-headers middleware by default, which believes
`X-Forwarded-For` from any loopback peer (`forwarded_allow_ips` 127.0.0.1); a loopback client then chose the
address it was limited by. These protocols hand the app unwrapped: `scope["client"]` is the TCP peer, and
`api.ratelimit.client_address` decides from `TAPIS_TRUSTED_PROXIES` alone.
"""

from __future__ import annotations

import asyncio
import functools
import importlib.util
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import h11
import msgspec
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from uvicorn.protocols.http.h11_impl import H11Protocol

from api.ratelimit import Trusted, is_trusted, parse_trusted
from infra.settings import Settings

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


@dataclass(frozen=True)
class ConnectionLimits:
    header_timeout: float  # seconds; 0 = off
    max_per_client: int  # open connections per peer address; 0 = off
    trusted: Trusted


@functools.cache
def connection_limits() -> ConnectionLimits:
    settings = Settings.from_env()
    return ConnectionLimits(
        settings.header_timeout, settings.max_connections_per_client, parse_trusted(settings.trusted_proxies)
    )


LINGER_SECONDS = 1.0  # a refused connection is closed this long after its answer at the latest
OPEN: Counter[str] = Counter()  # this process's open connections per peer address (those under the cap)


def error_body(code: str, message: str, details: Any) -> bytes:
    return msgspec.json.encode({"error": {"code": code, "message": message, "details": details}})


def raw_response(
    status: bytes, body: bytes, default_headers: list[tuple[bytes, bytes]], extra: tuple[bytes, ...] = ()
) -> bytes:
    """A whole JSON answer that closes the connection, as bytes: written before or outside any parser's cycle."""
    content = [b"HTTP/1.1 " + status + b"\r\n"]
    for name, value in default_headers:
        content.extend([name, b": ", value, b"\r\n"])
    content.extend(
        [
            b"content-type: " + JSON + b"\r\n",
            b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
            *(line + b"\r\n" for line in extra),
            b"connection: close\r\n",
            b"\r\n",
            body,
        ]
    )
    return b"".join(content)


class ClientGuard:
    """One connection's header deadline and its place in its peer's connection count."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        transport: asyncio.Transport,
        peer: tuple[str, int] | None,
        default_headers: list[tuple[bytes, bytes]],
        responding: Callable[[], bool],
        limits: ConnectionLimits | None = None,
    ) -> None:
        self.limits = limits or connection_limits()
        self.loop = loop
        self.transport = transport
        self.default_headers = default_headers
        self.responding = responding  # a request of this connection is being answered
        self.timer: asyncio.TimerHandle | None = None  # the header deadline, or the end of a refusal's linger
        self.counted: str | None = None
        self.refused = False  # answered 408 or 429: what still comes is dropped
        self.address = peer[0] if peer else None

    def admit(self) -> bool:
        """Count the connection in; past the cap, answer 429, close it, and say False."""
        cap, address = self.limits.max_per_client, self.address
        if cap <= 0 or address is None or is_trusted(address, self.limits.trusted):
            return True
        if OPEN[address] >= cap:
            body = error_body(
                "too_many_connections",
                f"more than {cap} open connections from this address; close some, then try again",
                {"max": cap},
            )
            self.refuse(raw_response(b"429 Too Many Requests", body, self.default_headers, (b"retry-after: 1",)))
            return False
        OPEN[address] += 1
        self.counted = address
        return True

    def awaiting_headers(self) -> None:
        """A request's headers are due (the connection opened, or a request began): start the clock unless it runs."""
        if (
            self.timer is None
            and self.limits.header_timeout > 0
            and not self.refused
            and not self.transport.is_closing()
        ):
            self.timer = self.loop.call_later(self.limits.header_timeout, self.expire)

    def headers_received(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def expire(self) -> None:
        self.timer = None
        if self.refused or self.transport.is_closing():
            return
        if self.responding():
            # a pipelined request's headers wait while we answer the one before: the client is not the slow one
            self.awaiting_headers()
            return
        seconds = self.limits.header_timeout
        body = error_body(
            "request_timeout",
            f"the request's headers did not arrive within {seconds:g} s; the connection is closed",
            {"seconds": int(seconds) if seconds.is_integer() else seconds},
        )
        self.refuse(raw_response(b"408 Request Timeout", body, self.default_headers))

    def refuse(self, response: bytes) -> None:
        """Send the answer, then close once the client's bytes in flight are read (`dropped`), or LINGER_SECONDS
        after: our FIN follows the answer at once. Closed at once, the socket would answer the request the client
        was sending with a reset, and a reset destroys the answer unread (a 429 at `connection_made` is written
        before the request arrives)."""
        self.refused = True
        self.headers_received()
        self.uncount()  # answered: its address may open another at once
        self.transport.write(response)
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        self.transport.write_eof()
        self.timer = self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def dropped(self) -> None:
        """Bytes came after the refusal: read and dropped, the connection can close without a reset."""
        if not self.transport.is_closing():
            self.transport.close()

    def release(self) -> None:
        self.headers_received()
        self.uncount()

    def uncount(self) -> None:
        if self.counted is not None:
            OPEN[self.counted] -= 1
            if OPEN[self.counted] <= 0:
                del OPEN[self.counted]
            self.counted = None


def direct_peer(app: Any) -> Any:
    """The app without uvicorn's proxy-headers middleware (see the module's docstring)."""
    return app.app if isinstance(app, ProxyHeadersMiddleware) else app


class Guarded:
    """What both protocols add the same way: the app without proxy headers, and a `ClientGuard` per connection
    (the header timeout, the per-address cap), admitted when the connection is made and released when it is lost.
    Placed before uvicorn's protocol class, whose methods `super()` reaches."""

    guard: ClientGuard | None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        this: Any = self
        this.app = direct_peer(this.app)
        self.guard = None

    def _responding(self) -> bool:
        this: Any = self
        return this.cycle is not None and not this.cycle.response_complete

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        this: Any = self
        super().connection_made(transport)  # type: ignore[misc]
        self.guard = ClientGuard(
            this.loop,
            cast(asyncio.Transport, transport),
            this.client,
            this.server_state.default_headers,
            self._responding,
        )
        if self.guard.admit():
            self.guard.awaiting_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.guard is not None:
            self.guard.release()
        super().connection_lost(exc)  # type: ignore[misc]


class JsonErrorsH11Protocol(Guarded, H11Protocol):
    def data_received(self, data: bytes) -> None:
        if self.guard is not None:
            if self.guard.refused:
                self.guard.dropped()
                return
            if not self._responding():
                self.guard.awaiting_headers()  # bytes of a new request (or of the first): its headers are due
        super().data_received(data)

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not before and self.guard is not None:
            self.guard.headers_received()  # h11 made a Request of them: a new cycle

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

    class JsonErrorsHttpToolsProtocol(Guarded, HttpToolsProtocol):
        def data_received(self, data: bytes) -> None:
            if self.guard is not None and self.guard.refused:
                self.guard.dropped()
                return
            super().data_received(data)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self.guard is not None:
                self.guard.awaiting_headers()

        def on_headers_complete(self) -> None:
            if self.guard is not None:
                self.guard.headers_received()
            super().on_headers_complete()

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
