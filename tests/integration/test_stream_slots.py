"""A live stream's slot (`TAPIS_MAX_STREAMS_PER_CLIENT`) is freed when its response ends, however early it ends.

The app is driven through ASGI directly, so the client's disconnect comes exactly when the test says: before the
stream's first event (the response's body task is cancelled before it starts the stream's items) and while its
first event is being written (the items left at their `yield`, never resumed). Before the fix the slot of such a
stream was released only when Python's cycle collector freed the stream's frames (the slot goes with its last
reference): on a quiet process that could be minutes, and tests/adversarial/test_streams_fanout.py's client was
refused `too_many_streams` 35 s after closing a stream (2 runs in 15 of a loop that reproduced it: 226 slots alive
in the server, 19 after a `gc.collect()`). The cycle collector is off during these tests, so only the release
counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from litestar import Litestar

from api.app import create_app
from infra.settings import Settings
from tests import local_http
from tests.ops import ops_settings

pytestmark = pytest.mark.integration

CAP = 3


@pytest.fixture
def no_cycle_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@contextlib.asynccontextmanager
async def running(app: Litestar) -> AsyncIterator[httpx.AsyncClient]:
    """The app's lifespan on this test's loop (Litestar's test clients run the app on a loop of their own, where
    the test could not call it directly), and an HTTP client over ASGI."""
    to_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    from_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    scope = {"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}
    task = asyncio.create_task(app(scope, to_app.get, from_app.put))  # type: ignore[arg-type]
    await to_app.put({"type": "lifespan.startup"})
    assert (await from_app.get())["type"] == "lifespan.startup.complete"
    try:
        transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
        async with local_http.async_client(transport=transport, base_url="http://tapis.test") as http:
            yield http
    finally:
        await to_app.put({"type": "lifespan.shutdown"})
        assert (await from_app.get())["type"] == "lifespan.shutdown.complete"
        await task


def stream_scope(game_id: str, client: str) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": f"/v1/games/{game_id}/stream",
        "raw_path": f"/v1/games/{game_id}/stream".encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"tapis.test"), (b"accept", b"text/event-stream")],
        "client": (client, 40000),
        "server": ("127.0.0.1", 80),
        "state": {},
    }


async def one_stream(app: Litestar, game_id: str, client: str, *, while_sending: bool) -> int:
    """A stream whose client leaves at once (before its first event), or `while_sending` its first event (the
    write never completes, as to a client that stopped reading): the response's status."""
    sent: list[dict[str, Any]] = []
    sending = asyncio.Event()
    asked = 0

    async def receive() -> dict[str, Any]:
        nonlocal asked
        asked += 1
        if asked == 1:
            return {"type": "http.request", "body": b"", "more_body": False}
        if while_sending:
            await sending.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if while_sending and message["type"] == "http.response.body" and b"id: " in message.get("body", b""):
            sending.set()
            await asyncio.Event().wait()  # until the disconnect cancels the write

    await asyncio.wait_for(app(stream_scope(game_id, client), receive, send), 10)  # type: ignore[arg-type]
    status: int = sent[0]["status"]
    return status


@pytest.mark.parametrize("while_sending", [False, True], ids=["before-its-first-event", "while-an-event-is-sent"])
async def test_a_client_that_leaves_its_streams_may_open_others(
    settings: Settings, no_cycle_collector: None, while_sending: bool
) -> None:
    app = create_app(ops_settings(settings, max_streams_per_client=CAP, log_level="warning"), run_projector=False)
    async with running(app) as http:
        created = await http.post("/v1/games", json={"game": "six-nimmt", "players": 4})
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]
        # three times the cap, one after another: each one's slot must be free before the next asks for one
        statuses = [await one_stream(app, game_id, "127.0.0.70", while_sending=while_sending) for _ in range(3 * CAP)]
        assert statuses == [200] * (3 * CAP), statuses
