"""Health over HTTP against `tapis serve`: `/v1/health/live` answers while the process does; `/v1/health/ready` is 503
naming the part that failed when Postgres stops answering (cut by a TCP proxy of the test's) or the schema is
outside this release's window, and 200 again once the part is back; Redis down leaves the process ready, degraded,
taking commands; a process asked to stop is unready before it stops accepting; `/v1/health` keeps its contract."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import httpx
import pytest

from infra.embedded import ServiceUrls
from infra.migrate import head_revision, upgrade
from infra.schema_window import OLDEST, window
from tests import local_http
from tests.e2e.client import Tapis
from tests.e2e.conftest import free_port, start_server, stop_server

pytestmark = pytest.mark.e2e


class Proxy:
    """A TCP proxy on loopback to one server: `stop` closes its port and cuts every connection (the server looks
    down to whoever goes through it), `start` opens the same port again."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = free_port()
        self._listener: socket.socket | None = None
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()

    def start(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def stop(self) -> None:
        if self._listener is not None:
            with contextlib.suppress(OSError):
                self._listener.shutdown(socket.SHUT_RDWR)
            self._listener.close()
            self._listener = None
        with self._lock:
            for conn in self._open:
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)
                conn.close()
            self._open.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # stopped
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._open.update({client, upstream})
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)


def _through(url: str, port: int) -> str:
    """The URL with the proxy's address in place of the server's."""
    parts = urlsplit(url)
    credentials = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=f"{credentials[0]}@{host}" if len(credentials) == 2 else host))


async def _admin(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(urlunsplit(urlsplit(url)._replace(path="/postgres")))
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


async def _execute(url: str, statement: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


@pytest.fixture(scope="module")
def proxied(service_urls: ServiceUrls) -> Iterator[dict[str, Any]]:
    """`tapis serve` on a database of its own (migrated), reaching Postgres and Redis through proxies."""
    database = f"tapis_health_{secrets.token_hex(4)}"
    asyncio.run(_admin(service_urls.database_url, f'CREATE DATABASE "{database}"'))
    direct = urlunsplit(urlsplit(service_urls.database_url)._replace(path=f"/{database}"))
    upgrade(direct)
    pg = urlsplit(direct)
    rd = urlsplit(service_urls.redis_url)
    postgres = Proxy(pg.hostname or "127.0.0.1", pg.port or 5432)
    redis = Proxy(rd.hostname or "127.0.0.1", rd.port or 6379)
    postgres.start()
    redis.start()
    urls = ServiceUrls(
        database_url=_through(direct, postgres.port), redis_url=_through(service_urls.redis_url, redis.port)
    )
    process, base = start_server(urls)
    try:
        yield {"base": base, "postgres": postgres, "redis": redis, "direct": direct}
    finally:
        stop_server(process)
        postgres.stop()
        redis.stop()
        asyncio.run(_admin(service_urls.database_url, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))


def ready(base: str) -> httpx.Response:
    return local_http.get(f"{base}/v1/health/ready", timeout=10)


def until(base: str, status: int, seconds: float = 15) -> httpx.Response:
    deadline = time.monotonic() + seconds
    while True:
        answer = ready(base)
        if answer.status_code == status or time.monotonic() > deadline:
            return answer
        time.sleep(0.1)


def test_ready_and_live_when_everything_answers(proxied: dict[str, Any]) -> None:
    base = proxied["base"]
    answer = ready(base)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "status": "ready",
        "checks": {"postgres": "ok", "redis": "ok", "schema": "ok", "process": "ok"},
        "failed": [],
        "degraded": [],
        "revision": head_revision(),
        "head": head_revision(),
        "oldest": OLDEST,
        "newest": window().newest,
    }
    assert local_http.get(f"{base}/v1/health/live").json() == {"status": "ok"}
    assert local_http.get(f"{base}/v1/health").json() == {"status": "ok", "postgres": "ok", "redis": "ok"}


def test_ready_is_503_while_postgres_is_down_and_200_when_it_returns(proxied: dict[str, Any]) -> None:
    base, postgres = proxied["base"], proxied["postgres"]
    postgres.stop()
    try:
        answer = until(base, 503)
        assert answer.status_code == 503, answer.text
        assert answer.headers["retry-after"]
        body = answer.json()
        assert body["status"] == "not_ready" and body["checks"]["postgres"] == "down"
        assert body["failed"] == ["postgres", "schema"] and body["checks"]["schema"] == "unknown"
        assert body["checks"]["redis"] == "ok"
        assert local_http.get(f"{base}/v1/health/live").status_code == 200, "the process still answers"
    finally:
        postgres.start()
    back = until(base, 200)
    assert back.status_code == 200, back.text


def test_redis_down_leaves_the_process_ready_degraded_and_taking_commands(proxied: dict[str, Any]) -> None:
    # until issue 29, Redis down made every process unready at once (an orchestrator would then have pulled them
    # all) although commands go on from Postgres: readiness now names it in `degraded` only
    base, redis = proxied["base"], proxied["redis"]
    with local_http.client(base_url=base, timeout=30) as http:
        api = Tapis(http)
        game_id, _, tokens = api.new_game("six-nimmt", 2, {"end": {"kind": "rounds", "rounds": 1}})
        redis.stop()
        try:
            deadline = time.monotonic() + 15
            while local_http.get(f"{base}/v1/health", timeout=10).json()["redis"] != "down":
                assert time.monotonic() < deadline, "Redis never looked down"
                time.sleep(0.1)
            answer = ready(base)
            assert answer.status_code == 200, answer.text
            body = answer.json()
            assert body["status"] == "ready" and body["failed"] == [] and body["degraded"] == ["redis"]
            assert body["checks"]["redis"] == "down"
            assert local_http.get(f"{base}/v1/health").json() == {
                "status": "degraded",
                "postgres": "ok",
                "redis": "down",
            }
            # commands go on (from Postgres), and reads fall back to it
            for _ in range(4):
                view = api.view(game_id)
                seat = view["awaiting"][0]
                move = api.moves(game_id, tokens[seat])[0]
                sent = api.command(game_id, tokens[seat], move)
                assert sent.status_code == 200, sent.text
                assert api.view(game_id)["version"] == sent.json()["version"]
        finally:
            redis.start()
    assert until(base, 200).json()["degraded"] == []


def test_ready_follows_the_schema_window(proxied: dict[str, Any]) -> None:
    # until issue 29, readiness wanted the head exactly: the next release's expand migration made every process of
    # this one unready in the middle of its rolling deploy. One revision past the head is inside the window now
    base, direct = proxied["base"], proxied["direct"]
    head, newest = head_revision(), window().newest
    older = f"{int(OLDEST) - 1:04d}"
    two_ahead = f"{int(newest) + 1:04d}"
    try:
        for revision, schema in ((older, "too_old"), (two_ahead, "too_new"), ("cafe", "unrecognised")):
            asyncio.run(_execute(direct, f"UPDATE alembic_version SET version_num = '{revision}'"))
            answer = ready(base)
            assert answer.status_code == 503, answer.text
            body = answer.json()
            assert body["failed"] == ["schema"] and body["checks"]["schema"] == schema, body
            assert body["revision"] == revision and body["head"] == head
        asyncio.run(_execute(direct, f"UPDATE alembic_version SET version_num = '{newest}'"))
        answer = ready(base)
        assert answer.status_code == 200, answer.text
        assert answer.json()["revision"] == newest and answer.json()["checks"]["schema"] == "ok"
    finally:
        asyncio.run(_execute(direct, f"UPDATE alembic_version SET version_num = '{head}'"))
    assert ready(base).status_code == 200
