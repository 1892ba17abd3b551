"""A minimal HTTP/1.1 keep-alive client on asyncio streams, one connection per benchmark client.

The load generator shares two cores with the server it measures; a general client (httpx) spends about as
much CPU per request as the server, which would cap the figure at the client. This one writes a request and
reads a Content-Length answer, nothing more.
"""

from __future__ import annotations

import asyncio

import msgspec


class HttpError(RuntimeError):
    pass


class Connection:
    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def __aenter__(self) -> Connection:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def __aexit__(self, *_: object) -> None:
        if self._writer is not None:
            self._writer.close()
            await self._writer.wait_closed()

    async def request(self, method: str, path: str, body: bytes = b"", token: str | None = None) -> tuple[int, bytes]:
        assert self._reader is not None and self._writer is not None
        head = [f"{method} {path} HTTP/1.1", f"host: {self.host}:{self.port}", f"content-length: {len(body)}"]
        if body:
            head.append("content-type: application/json")
        if token is not None:
            head.append(f"authorization: Bearer {token}")
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        status_line = await self._reader.readline()
        status = int(status_line.split()[1])
        length = None
        while True:
            line = await self._reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
            elif name.strip().lower() == "transfer-encoding":
                raise HttpError("chunked answers are not supported by this client")
        data = await self._reader.readexactly(length) if length else b""
        return status, data

    async def json(self, method: str, path: str, payload: object = None, token: str | None = None) -> object:
        body = b"" if payload is None else msgspec.json.encode(payload)
        status, data = await self.request(method, path, body, token)
        if status >= 300:
            raise HttpError(f"{method} {path}: {status} {data[:300]!r}")
        return msgspec.json.decode(data) if data else None
