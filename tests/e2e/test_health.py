"""Health over HTTP against `tapis serve`: `/v1/health/live` answers while the process does; `/v1/health/ready` is 503
naming the part that failed when Postgres or Redis stops answering (cut by a TCP proxy of the test's) or the schema
is not at this code's head, and 200 again once the part is back; `/v1/health` keeps its contract."""

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
    return httpx.get(f"{base}/v1/health/ready", timeout=10)


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
        "checks": {"postgres": "ok", "redis": "ok", "schema": "ok"},
        "failed": [],
        "revision": head_revision(),
        "head": head_revision(),
    }
    assert httpx.get(f"{base}/v1/health/live").json() == {"status": "ok"}
    assert httpx.get(f"{base}/v1/health").json() == {"status": "ok", "postgres": "ok", "redis": "ok"}


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
        assert httpx.get(f"{base}/v1/health/live").status_code == 200, "the process still answers"
    finally:
        postgres.start()
    back = until(base, 200)
    assert back.status_code == 200, back.text


def test_ready_is_503_while_redis_is_down_and_200_when_it_returns(proxied: dict[str, Any]) -> None:
    base, redis = proxied["base"], proxied["redis"]
    redis.stop()
    try:
        answer = until(base, 503)
        assert answer.status_code == 503, answer.text
        assert answer.json()["failed"] == ["redis"]
        assert httpx.get(f"{base}/v1/health").json()["redis"] == "down"
    finally:
        redis.start()
    assert until(base, 200).status_code == 200


def test_ready_is_503_when_the_schema_is_not_at_head(proxied: dict[str, Any]) -> None:
    base, direct = proxied["base"], proxied["direct"]
    asyncio.run(_execute(direct, "UPDATE alembic_version SET version_num = '0001'"))
    try:
        answer = ready(base)
        assert answer.status_code == 503, answer.text
        body = answer.json()
        assert body["failed"] == ["schema"] and body["checks"]["schema"] == "not_at_head"
        assert body["revision"] == "0001" and body["head"] == head_revision()
    finally:
        asyncio.run(_execute(direct, f"UPDATE alembic_version SET version_num = '{head_revision()}'"))
    assert ready(base).status_code == 200
