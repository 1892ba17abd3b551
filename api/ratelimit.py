"""Per-client rate limits: failed authentications and commands, each a token bucket; over it, 429 + Retry-After.

Litestar's RateLimitMiddleware counts every request before it runs and keeps, per client, the timestamp of each one
in the window; it cannot count only refusals (a failed authentication is known after the handler ran), and a
generous limit (thousands a minute) would re-encode thousands of timestamps per request. A token bucket is two
numbers per client and charges whatever it is told to, so both limits are the same small class.

A client is the peer address of the connection (behind a proxy, run uvicorn with its proxy headers so the address
is the real client's). Each process keeps its own buckets: N processes allow N times the rate.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

MAX_CLIENTS = 100_000


@dataclass(frozen=True)
class Rate:
    """`count` per `seconds`, with bursts of up to `count`; a count of 0 is no limit."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        """`"60/60"` is 60 a minute; `"0"` or `"off"` turns the limit off."""
        raw = text.strip().lower()
        if raw in {"", "0", "off"}:
            return cls(0, 1.0)
        count, _, seconds = raw.partition("/")
        rate = cls(int(count), float(seconds or "1"))
        if rate.count < 0 or rate.seconds <= 0:
            raise ValueError(f"a rate is COUNT/SECONDS with COUNT >= 0 and SECONDS > 0: {text!r}")
        return rate


class Buckets:
    """A token bucket per client. The table is bounded: the least recently seen client is forgotten first."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic, max_clients: int = MAX_CLIENTS):
        self.rate = rate
        self.clock = clock
        self.max_clients = max_clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, at)

    def _tokens(self, client: str) -> float:
        now = self.clock()
        tokens, at = self._buckets.get(client, (float(self.rate.count), now))
        return min(float(self.rate.count), tokens + (now - at) * self.rate.count / self.rate.seconds)

    def wait(self, client: str) -> float:
        """Seconds until this client has a token again; 0 when it has one now."""
        if self.rate.count == 0:
            return 0.0
        missing = 1.0 - self._tokens(client)
        return max(0.0, missing * self.rate.seconds / self.rate.count)

    def take(self, client: str) -> float:
        """Take a token: 0 when there was one, else the seconds to wait (and nothing is taken)."""
        if self.rate.count == 0:
            return 0.0
        tokens = self._tokens(client)
        if tokens < 1.0:
            return (1.0 - tokens) * self.rate.seconds / self.rate.count
        self._buckets[client] = (tokens - 1.0, self.clock())
        self._buckets.move_to_end(client)
        if len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        return 0.0


class RateLimits:
    """ASGI middleware: commands take a token before they run; a 401 takes one after; no token, 429."""

    def __init__(self, app: ASGIApp, failed_auth: Rate, commands: Rate) -> None:
        self.app = app
        self.failed_auth = Buckets(failed_auth)
        self.commands = Buckets(commands)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        peer = scope.get("client")
        client = peer[0] if peer else "unknown"
        headers = dict(scope["headers"])
        # A client that failed to authenticate too often is refused any request that carries credentials.
        if b"authorization" in headers or b"x-api-key" in headers:
            wait = self.failed_auth.wait(client)
            if wait > 0:
                await too_many(send, wait, "too many failed authentications from this client")
                return
        if scope["method"] == "POST" and scope["path"].rstrip("/").endswith("/commands"):
            wait = self.commands.take(client)
            if wait > 0:
                await too_many(send, wait, "too many commands from this client")
                return

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 401:
                self.failed_auth.take(client)
            await send(message)

        await self.app(scope, receive, watch)


async def too_many(send: Send, wait: float, message: str) -> None:
    seconds = max(1, math.ceil(wait))
    body = msgspec.json.encode(
        {"error": {"code": "rate_limited", "message": message, "details": {"retry_after": seconds}}}
    )
    start: Any = {
        "type": "http.response.start",
        "status": 429,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(seconds).encode()),
        ],
    }
    await send(start)
    await send({"type": "http.response.body", "body": body, "more_body": False})
