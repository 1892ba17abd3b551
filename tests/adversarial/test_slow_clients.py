"""Slow and greedy clients (issue 16): the header timeout and the cap on connections per address of api/server.py,
with raw sockets, and a player's commands answered within a bounded delay while another client attacks (the
half-sent connections; a creation flood).

Each protocol (httptools, h11) runs in a uvicorn of its own, in process, in front of a small app, with the limits
given by the test; then a real `tapis serve` (httptools) with a header timeout of 1 s and a cap of 20.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import uvicorn

from api import server as protocols
from api.ratelimit import parse_trusted
from api.server import ConnectionLimits
from bench.attacks import Player, creation_flood, half_sent_slot
from infra.embedded import ServiceUrls
from tests.e2e.conftest import free_port, serving

pytestmark = pytest.mark.e2e

PROTOCOLS = ["api.server:JsonErrorsH11Protocol"]
if hasattr(protocols, "JsonErrorsHttpToolsProtocol"):
    PROTOCOLS.append("api.server:JsonErrorsHttpToolsProtocol")
GET = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"


async def small_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    if scope["path"] == "/slow":
        await asyncio.sleep(1.0)  # the app's own time: past the header timeout, and no business of it
    body = json.dumps({"client": scope["client"][0]}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, ConnectionLimits], tuple[str, int]]]:
    """Starts a uvicorn with this protocol and these limits; (host, port)."""
    running: list[tuple[uvicorn.Server, threading.Thread]] = []

    def serve(protocol: str, limits: ConnectionLimits) -> tuple[str, int]:
        monkeypatch.setattr(protocols, "connection_limits", lambda: limits)
        port = free_port()
        config = uvicorn.Config(
            small_app, host="127.0.0.1", port=port, http=protocol, lifespan="off", log_level="critical"
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        running.append((server, thread))
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        return "127.0.0.1", port

    yield serve
    for server, thread in running:
        server.should_exit = True
        thread.join(timeout=10)
    assert not protocols.OPEN, "every connection left its peer's count"


def connect(address: tuple[str, int], source: str = "127.0.0.1", timeout: float = 5.0) -> socket.socket:
    return socket.create_connection(address, timeout=timeout, source_address=(source, 0))


def until_closed(conn: socket.socket) -> bytes:
    received = b""
    while chunk := conn.recv(65536):
        received += chunk
    return received


def answer(raw: bytes) -> tuple[int, dict[str, str], Any]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, json.loads(body) if body else None


def json_refusal(raw: bytes, status: int, code: str) -> dict[str, Any]:
    got, headers, body = answer(raw)
    assert got == status, raw
    assert headers["content-type"] == "application/json" and headers["connection"] == "close", headers
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "details"}, body
    assert body["error"]["code"] == code, body
    error: dict[str, Any] = body["error"]
    return error


def timed_out(conn: socket.socket, began: float, timeout: float) -> None:
    """The server answered 408 and closed, about `timeout` after `began`."""
    error = json_refusal(until_closed(conn), 408, "request_timeout")
    elapsed = time.monotonic() - began
    assert timeout * 0.8 <= elapsed < timeout + 1.0, elapsed
    assert error["details"] == {"seconds": timeout}


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_headers_not_sent_in_time_get_408_and_the_connection_is_closed(bare: Any, protocol: str) -> None:
    address = bare(protocol, ConnectionLimits(0.5, 0, ()))
    with connect(address) as silent, connect(address) as half, connect(address) as dribbling:
        began = time.monotonic()
        half.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        # a byte every 0.1 s: activity does not move the deadline
        for byte in b"GET / HTTP/1.1\r\nX:":
            dribbling.sendall(bytes([byte]))
            time.sleep(0.1)
            if time.monotonic() - began > 0.45:
                break
        for conn in (silent, half, dribbling):
            timed_out(conn, began, 0.5)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_the_deadline_runs_again_for_the_next_request_and_never_for_the_app(bare: Any, protocol: str) -> None:
    address = bare(protocol, ConnectionLimits(0.5, 0, ()))
    with connect(address) as conn:
        conn.sendall(b"GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")  # answered after 1 s: the headers were in time
        raw = b""
        while b"}" not in raw:
            raw += conn.recv(65536)
        assert answer(raw)[0] == 200
        time.sleep(0.7)  # idle between requests: uvicorn's keep-alive (5 s) governs, not the header timeout
        conn.sendall(GET)
        raw = b""
        while b"}" not in raw:
            raw += conn.recv(65536)
        assert answer(raw)[0] == 200
        began = time.monotonic()
        conn.sendall(b"GET / HTTP/1.1\r\n")  # the next request, half sent
        timed_out(conn, began, 0.5)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_connections_past_the_cap_of_an_address_get_429_and_are_closed(bare: Any, protocol: str) -> None:
    address = bare(protocol, ConnectionLimits(30, 3, ()))
    held = [connect(address) for _ in range(3)]
    try:
        time.sleep(0.2)  # the server has accepted them
        with connect(address) as extra:
            extra.sendall(GET)
            error = json_refusal(until_closed(extra), 429, "too_many_connections")
            assert error["details"] == {"max": 3}
        with connect(address, source="127.0.0.2") as other:
            other.sendall(GET)
            assert answer(other.recv(65536))[0] == 200, "another address has its own count"
        held.pop().close()
        deadline = time.monotonic() + 5
        while True:  # once the server saw the close, the address may connect again
            with connect(address) as again:
                again.sendall(GET)
                raw = again.recv(65536)
            if answer(raw)[0] == 200:
                break
            assert time.monotonic() < deadline, raw
            time.sleep(0.05)
    finally:
        for conn in held:
            conn.close()


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_trusted_proxy_is_not_capped(bare: Any, protocol: str) -> None:
    address = bare(protocol, ConnectionLimits(30, 2, parse_trusted("127.0.0.1")))
    held = [connect(address) for _ in range(5)]
    try:
        for conn in held:
            conn.sendall(GET)
            assert answer(conn.recv(65536))[0] == 200
    finally:
        for conn in held:
            conn.close()


# -- against tapis serve ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def slow_server(migrated: ServiceUrls) -> Iterator[str]:
    env = {
        "TAPIS_HEADER_TIMEOUT_SECONDS": "1",
        "TAPIS_MAX_CONNECTIONS_PER_CLIENT": "20",
        # the default rate limits, in a window of this server's own
        "TAPIS_RATE_FAILED_AUTH": "120/60",
        "TAPIS_RATE_COMMANDS": "1000/1",
        "TAPIS_RATE_CREATE": "30/60",
        "TAPIS_RATE_CREATE_TOTAL": "600/60",
        "TAPIS_RATE_KEY_PREFIX": f"tapis:limits:test-{secrets.token_hex(4)}",
    }
    with serving(migrated, env) as base:
        yield base


def host_port(base: str) -> tuple[str, int]:
    host, port = base.removeprefix("http://").split(":")
    return host, int(port)


def test_tapis_serve_caps_connections_per_address(slow_server: str) -> None:
    address = host_port(slow_server)
    held = [connect(address, source="127.0.4.1") for _ in range(20)]
    try:
        time.sleep(0.2)
        with connect(address, source="127.0.4.1") as extra:
            extra.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
            raw = until_closed(extra)
        error = json_refusal(raw, 429, "too_many_connections")
        assert answer(raw)[1]["retry-after"] == "1" and error["details"] == {"max": 20}
        with connect(address, source="127.0.4.2") as other:
            other.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert answer(other.recv(65536))[0] == 200
        began = time.monotonic()
        for conn in held:  # the silent ones are closed by the header timeout, each with its 408
            timed_out(conn, began - 0.2, 1.0)
    finally:
        for conn in held:
            conn.close()


async def test_200_half_sent_connections_are_closed_in_time_and_a_player_is_not_delayed(slow_server: str) -> None:
    """Before: 200 connections that each sent half a request stayed open indefinitely. Now each is answered 408 and
    closed after the header timeout (1 s here), the attacker opens it again at once, and a player at another address
    sees its commands answered within a bounded delay."""
    host, port = host_port(slow_server)
    loop = asyncio.get_running_loop()
    player = Player(slow_server, "127.0.4.10")
    try:
        await player.command()
        baseline = sorted(await player.play_until(loop.time() + 1.5))
        tally: Counter[str] = Counter()
        held: list[float] = []
        deadline = loop.time() + 3.5
        addresses = [f"127.0.5.{n % 10 + 1}" for n in range(200)]  # 20 an address: the cap does not act
        attack = [asyncio.create_task(half_sent_slot(host, port, a, deadline, tally, held)) for a in addresses]
        await asyncio.sleep(0.3)
        during = sorted(await player.play_until(deadline))
        await asyncio.gather(*attack)
    finally:
        await player.aclose()
    assert tally["408"] >= 200, tally
    assert max(held) < 2.5, "no connection outlived the header timeout by much"
    median = during[len(during) // 2]
    print(
        f"\nhalf-sent connections: baseline median {baseline[len(baseline) // 2] * 1000:.1f} ms; during the attack "
        f"median {median * 1000:.1f} ms, max {during[-1] * 1000:.1f} ms ({len(during)} commands; {dict(tally)})"
    )
    assert median < 0.25 and during[-1] < 2.0, (baseline, during)


async def test_a_creation_flood_does_not_delay_another_clients_commands(slow_server: str) -> None:
    """Eight tasks at one address create games as fast as answers come: 30 are made (the default of a client a
    minute), then each gets 429 after one round trip to Redis; a player at another address is not delayed."""
    loop = asyncio.get_running_loop()
    player = Player(slow_server, "127.0.4.20")
    try:
        await player.command()
        baseline = sorted(await player.play_until(loop.time() + 1.5))
        statuses: Counter[int] = Counter()
        deadline = loop.time() + 3
        flood = [asyncio.create_task(creation_flood(slow_server, "127.0.4.21", deadline, statuses)) for _ in range(8)]
        during = sorted(await player.play_until(deadline))
        await asyncio.gather(*flood)
    finally:
        await player.aclose()
    # the flood was one: its refusals outnumber the player's commands several times over (measured: 24 times alone,
    # 22 with four busy processes on two cores), a ratio rather than a count, which a loaded machine cuts for both
    assert statuses[201] == 30 and set(statuses) == {201, 429}, statuses
    assert statuses[429] > 3 * len(during), (statuses, len(during))
    median = during[len(during) // 2]
    print(
        f"\ncreation flood: baseline median {baseline[len(baseline) // 2] * 1000:.1f} ms; during the flood "
        f"median {median * 1000:.1f} ms, max {during[-1] * 1000:.1f} ms ({len(during)} commands; attacker {statuses})"
    )
    assert median < 0.25 and during[-1] < 2.0, (baseline, during)
