"""A webhook receiver for the tests: an asyncio HTTP/1.1 server on loopback that records what it is sent.

It can be stopped (connections refused) and started again on the same port, to show retries, or answer another
status (`answer`: a 500 is a failed attempt that still arrives, with its headers, to be looked at).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes

    @property
    def event(self) -> dict[str, Any]:
        shown: dict[str, Any] = json.loads(self.body)
        return shown


def verify(secret: str, received: Received, tolerance: float = 300) -> bool:
    """What a portal does: recompute the HMAC of "<t>.<body>" and refuse old timestamps."""
    parts = dict(p.split("=", 1) for p in received.headers["x-tapis-signature"].split(","))
    timestamp = int(parts["t"])
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + received.body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts["v1"]) and abs(time.time() - timestamp) <= tolerance


@dataclass
class Receiver:
    port: int = 0
    received: list[Received] = field(default_factory=list)
    answer: int = 204
    _server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout=5)
            lines = head.decode("latin-1").split("\r\n")
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
            body = await asyncio.wait_for(reader.readexactly(int(headers.get("content-length", "0"))), timeout=5)
            self.received.append(Received(headers, body))
            writer.write(f"HTTP/1.1 {self.answer} Answer\r\nConnection: close\r\n\r\n".encode())
            await writer.drain()
        except (asyncio.IncompleteReadError, TimeoutError, ConnectionError):
            pass
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()
