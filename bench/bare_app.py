"""Two ASGI apps with nothing of Tapis in them, for `bench/ceiling.py`: what HTTP alone costs under uvicorn.

- `echo`: answers every request `200` with a fixed JSON body the size of a six-nimmt command's answer; no storage.
- `stored`: the floor behind HTTP: for every POST, the floor's one asyncpg INSERT of an event row and one Redis SET
  (bench/http_load.py's `floor`), then the same answer. `BARE_DATABASE_URL` and `BARE_REDIS_URL` name the servers.

Raw ASGI, no framework: the least any Python server on uvicorn can spend on a request that is parsed, answered and,
for `stored`, written to the same two stores as Tapis.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import asyncpg
import msgspec
import redis.asyncio as redis

from bench.http_load import FLOOR_INSERT, FLOOR_TABLE, POOL_SIZE

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

# about what POST /commands answers for a six-nimmt card: the version, the seat's events, the state's digest
ANSWER = msgspec.json.encode(
    {
        "game_id": "g" * 22,
        "version": 42,
        "events": [{"type": "CardChosen", "version": 42, "data": {"seat": 1, "card": 42}}],
        "view": {"rows": [[1, 2, 3], [10, 20], [33], [50, 51, 52, 53]], "hand": [4, 8, 15, 16, 23, 42]},
        "status": "active",
        "awaiting": [0, 2, 3],
    }
)
HEADERS = [(b"content-type", b"application/json"), (b"etag", b'"42"'), (b"content-length", str(len(ANSWER)).encode())]
DATA = msgspec.json.encode({"seat": 1, "card": 42}).decode()
META = msgspec.json.encode({"actor": 1, "attempt": 0}).decode()
BLOB = secrets.token_bytes(600)  # about a folded six-nimmt table in msgpack, as the floor's
PREFIX = secrets.token_hex(4)  # this process's streams: a rerun on the same database never meets its rows


async def _body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


async def _answer(send: Send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    await send({"type": "http.response.body", "body": ANSWER})


async def _lifespan(receive: Receive, send: Send, up: Callable[[], Awaitable[None]] | None = None) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            if up is not None:
                await up()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


async def echo(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
        return
    await _body(receive)
    await _answer(send)


class _Stores:
    pool: asyncpg.Pool | None = None
    cache: redis.Redis | None = None
    versions: dict[str, int] = {}  # each stream's last version, in this process


async def _connect() -> None:
    _Stores.pool = await asyncpg.create_pool(os.environ["BARE_DATABASE_URL"], min_size=POOL_SIZE, max_size=POOL_SIZE)
    _Stores.cache = redis.Redis.from_url(os.environ["BARE_REDIS_URL"])
    await _Stores.pool.execute(FLOOR_TABLE)


async def stored(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send, _connect)
        return
    await _body(receive)
    if scope["method"] == "POST":
        assert _Stores.pool is not None and _Stores.cache is not None
        stream = f"bare-{PREFIX}{scope['path']}"  # a client's own path: its stream, as each floor client has one
        version = _Stores.versions[stream] = _Stores.versions.get(stream, 0) + 1
        await _Stores.pool.execute(FLOOR_INSERT, stream, version, "CardChosen", DATA, META)
        await _Stores.cache.set(f"bench:{stream}", BLOB)
    await _answer(send)
