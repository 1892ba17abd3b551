"""Live streams under load (issue 16): 200 idle anonymous streams must not delay a new stream's events, nor cost a
Redis connection each; and a client is capped in the streams it holds open.

Against a real `tapis serve` with the default settings. The 200 idle streams come from ten loopback addresses
(127.0.0.2 to 127.0.0.11), twenty each: every one at the default cap of `TAPIS_MAX_STREAMS_PER_CLIENT`. Before the
fix each stream held its own Redis pub/sub connection, and an event on a stream opened after them arrived about
14 s late; now one subscriber task per process fans the wake-ups out in memory.

Measured with `.venv/bin/python -m pytest -q -s tests/adversarial/test_streams_fanout.py` (with `DATABASE_URL` and
`REDIS_URL` set; the figures are printed, docs/reliability.md keeps them).
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field

import httpx
import psutil
import pytest
import redis

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.conftest import start_server, stop_server

pytestmark = pytest.mark.e2e

IDLE_STREAMS = 200
PER_ADDRESS = 20  # the default cap (TAPIS_MAX_STREAMS_PER_CLIENT)
GAMES = 10
PROMPT = 1.0  # seconds: a new stream's event arrives within this, however many idle streams are open


@dataclass
class Stream:
    """One SSE stream over a raw connection from a chosen loopback address: its status, and each message's id with
    the time it arrived (chunked transfer decoded)."""

    status: int
    headers: dict[str, str]
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    arrived: dict[int, float] = field(default_factory=dict)
    body: bytes = b""
    _task: asyncio.Task[None] | None = None

    def follow(self) -> None:
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        buffer = b""
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError, ValueError):
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    return
                buffer += chunk[:-2].replace(b"\r\n", b"\n")  # Litestar ends SSE lines with CRLF
                while b"\n\n" in buffer:
                    message, buffer = buffer.split(b"\n\n", 1)
                    for line in message.split(b"\n"):
                        if line.startswith(b"id: "):
                            self.arrived.setdefault(int(line[4:]), time.monotonic())

    async def until(self, version: int, seconds: float = 30.0) -> float:
        deadline = time.monotonic() + seconds
        while version not in self.arrived:
            assert time.monotonic() < deadline, f"event {version} did not arrive within {seconds} s"
            await asyncio.sleep(0.005)
        return self.arrived[version]

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.writer.close()
        with contextlib.suppress(ConnectionError):
            await self.writer.wait_closed()


async def open_stream(base: str, game_id: str, source: str, headers: dict[str, str] | None = None) -> Stream:
    host, port = base.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port), local_addr=(source, 0))
    lines = [f"GET /v1/games/{game_id}/stream HTTP/1.1", f"Host: {host}:{port}", "Accept: text/event-stream"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await writer.drain()
    head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout=30)).decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    fields = {}
    for line in head[1:]:
        if ":" in line:
            name, _, value = line.partition(":")
            fields[name.strip().lower()] = value.strip()
    stream = Stream(status, fields, reader, writer)
    if status == 200:
        stream.follow()
    else:
        stream.body = await asyncio.wait_for(reader.readexactly(int(fields.get("content-length", "0"))), timeout=30)
    return stream


def redis_clients_of(urls: ServiceUrls, pid: int) -> list[dict[str, str]]:
    """The Redis connections of one process, as CLIENT LIST shows them (matched by the process's own sockets)."""
    with redis.Redis.from_url(urls.redis_url) as admin:
        redis_port = admin.connection_pool.connection_kwargs.get("port", 6379)
        ours = {
            f"{c.laddr.ip}:{c.laddr.port}"
            for c in psutil.Process(pid).net_connections(kind="tcp")
            if c.raddr and c.raddr.port == redis_port and c.status == psutil.CONN_ESTABLISHED
        }
        return [c for c in admin.client_list() if c["addr"] in ours]


def pubsub_connections(clients: list[dict[str, str]]) -> list[dict[str, str]]:
    return [c for c in clients if int(c.get("sub", 0)) or int(c.get("psub", 0))]


@pytest.fixture(scope="module")
def default_server(migrated: ServiceUrls) -> Iterator[tuple[str, int]]:
    """`tapis serve` with the default settings (the e2e helper only turns the rate limits and test mode on)."""
    process, base = start_server(migrated)
    try:
        yield base, process.pid
    finally:
        stop_server(process)


@contextlib.asynccontextmanager
async def idle_streams(base: str, game_ids: list[str]) -> AsyncIterator[list[Stream]]:
    streams: list[Stream] = []
    try:
        for n in range(IDLE_STREAMS):
            source = f"127.0.0.{2 + n // PER_ADDRESS}"
            streams.append(await open_stream(base, game_ids[n % len(game_ids)], source))
        assert [s.status for s in streams] == [200] * IDLE_STREAMS
        await asyncio.gather(*(s.until(1) for s in streams))  # each has shown its GameCreated: idle from now on
        yield streams
    finally:
        await asyncio.gather(*(s.close() for s in streams))


async def test_a_new_stream_s_events_arrive_at_once_behind_200_idle_streams_on_one_pubsub_connection(
    default_server: tuple[str, int], migrated: ServiceUrls
) -> None:
    base, pid = default_server
    async with local_http.async_client(base_url=base, timeout=30) as http:

        async def lobby() -> str:
            created = await http.post("/v1/games", json={"game": "six-nimmt", "players": 4})
            assert created.status_code == 201, created.text
            game_id: str = created.json()["game_id"]
            return game_id

        idle_games = [await lobby() for _ in range(GAMES)]
        async with idle_streams(base, idle_games) as idle:
            clients = await asyncio.to_thread(redis_clients_of, migrated, pid)
            pubsub = pubsub_connections(clients)
            delays = []
            for attempt in range(5):
                game_id = await lobby()
                fresh = await open_stream(base, game_id, "127.0.0.50")
                try:
                    assert fresh.status == 200
                    await fresh.until(1)
                    joined = await http.post(f"/v1/games/{game_id}/seats", json={"name": f"p{attempt}"})
                    assert joined.status_code == 201, joined.text
                    answered = time.monotonic()
                    delays.append(await fresh.until(2) - answered)
                finally:
                    await fresh.close()
            assert all(not s.arrived.keys() - {1} for s in idle), "an idle stream was sent another game's event"
    print(
        f"\n{IDLE_STREAMS} idle streams: a new stream's PlayerJoined arrived {max(delays) * 1000:.0f} ms at most"
        f" (median {statistics.median(delays) * 1000:.0f} ms) after the join's answer;"
        f" the server held {len(clients)} Redis connections, {len(pubsub)} of them pub/sub"
        f" ({[(c['sub'], c['psub']) for c in pubsub][:5]} as (sub, psub))"
    )
    assert max(delays) < PROMPT, delays
    # one pattern subscription for every live stream of the process (the record news has its own channel)
    assert len([c for c in pubsub if int(c.get("psub", 0))]) == 1, pubsub
    assert len(pubsub) <= 2, pubsub
    assert len(clients) < 30, clients  # not one per stream


async def test_a_client_holds_at_most_its_cap_of_open_streams(default_server: tuple[str, int]) -> None:
    base, _ = default_server
    async with local_http.async_client(base_url=base, timeout=30) as http:
        created = await http.post("/v1/games", json={"game": "six-nimmt", "players": 4})
        game_id = created.json()["game_id"]
        held = [await open_stream(base, game_id, "127.0.0.60") for _ in range(PER_ADDRESS)]
        try:
            assert [s.status for s in held] == [200] * PER_ADDRESS
            refused = await open_stream(base, game_id, "127.0.0.60")
            assert refused.status == 429, refused.body
            assert refused.headers["content-type"].startswith("application/json")
            assert int(refused.headers["retry-after"]) >= 1
            error = httpx.Response(429, content=refused.body).json()["error"]
            assert error["code"] == "too_many_streams" and error["details"]["max"] == PER_ADDRESS, error
            await refused.close()
            # another client is not affected
            other = await open_stream(base, game_id, "127.0.0.61")
            assert other.status == 200
            await other.close()
            # a stream closed frees its slot as soon as the server reads the close (uvicorn's http.disconnect ends the
            # response, whose end closes the stream: services/live.py's LiveStream). This once waited 35 s in vain:
            # a stream closed before its first event kept its slot until Python's cycle collector ran
            # (tests/integration/test_stream_slots.py). 10 s is for a loaded machine to read the close
            await held.pop().close()
            closed = time.monotonic()
            deadline = closed + 10
            while True:
                again = await open_stream(base, game_id, "127.0.0.60")
                if again.status == 200 or time.monotonic() > deadline:
                    break
                await again.close()
                await asyncio.sleep(0.05)
            assert again.status == 200, f"the slot was not freed {time.monotonic() - closed:.1f} s after the close"
            held.append(again)
        finally:
            await asyncio.gather(*(s.close() for s in held))
