"""E2E: a real `tapis serve` process on a free loopback port, against the test Postgres and Redis."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from infra.embedded import ServiceUrls
from infra.migrate import upgrade
from tests import local_http
from tests.e2e.client import Tapis

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(urls: ServiceUrls, extra_env: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    # every test client comes from 127.0.0.1, so per-client limits would make tests depend on their order
    # (the fuzzer alone fails authentication hundreds of times, the suite creates thousands of games and the soak
    # holds hundreds of connections); tests/e2e/test_limits.py and tests/adversarial/test_limits_*.py set their own
    unlimited = {"TAPIS_RATE_FAILED_AUTH": "0", "TAPIS_RATE_COMMANDS": "0"}
    unlimited |= {"TAPIS_RATE_CREATE": "0", "TAPIS_RATE_CREATE_TOTAL": "0", "TAPIS_MAX_CONNECTIONS_PER_CLIENT": "0"}
    # tests replay known deals: a server in test mode takes a creator's seed (and its games say so)
    unlimited["TAPIS_TEST_MODE"] = "1"
    env = {
        **os.environ,
        "DATABASE_URL": urls.database_url,
        "REDIS_URL": urls.redis_url,
        **unlimited,
        **(extra_env or {}),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if local_http.get(f"{base}/v1/health", timeout=1).status_code in {200, 503}:
                return process, base
        except httpx.TransportError:
            time.sleep(0.1)
        if process.poll() is not None:
            raise RuntimeError("the server exited at start")
    stop_server(process)  # waited for: a caller that gets the error has nothing of it left to stop
    raise RuntimeError("the server did not answer")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def serving(urls: ServiceUrls, extra_env: dict[str, str] | None = None) -> Iterator[str]:
    """A `tapis serve` of its own on `urls` (start_server's settings and `extra_env`), its base URL; stopped after."""
    process, base = start_server(urls, extra_env)
    try:
        yield base
    finally:
        stop_server(process)


@pytest.fixture(scope="session")
def migrated_urls(service_urls: ServiceUrls) -> ServiceUrls:
    upgrade(service_urls.database_url)
    return service_urls


@pytest.fixture(scope="session")
def server(migrated_urls: ServiceUrls) -> Iterator[str]:
    with serving(migrated_urls) as base:
        yield base


@pytest.fixture(scope="session")
def api(server: str) -> Iterator[Tapis]:
    with local_http.client(base_url=server, timeout=30) as http:
        yield Tapis(http, direct=True)
