"""TLS to Postgres and Redis: `DATABASE_URL=...?sslmode=verify-full` with `TAPIS_PG_SSL_ROOT_CERT`, and
`REDIS_URL=rediss://...` with `TAPIS_REDIS_SSL_CA_CERTS`.

A throwaway CA and a server certificate for 127.0.0.1 made with `openssl`; a Postgres of the machine's PostgreSQL 15
(tools/pg_node.py) with `ssl = on`, and a `redis-server` listening on its TLS port only. The settings read from the
environment as `tapis serve` reads them, the schema migrated over TLS, a game created and a command played through
the services; every connection Postgres holds for the database is encrypted, and Redis, which has no plain port,
holds the projection. A CA that did not sign the servers' certificate is refused by both clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import asyncpg
import pytest
import redis.asyncio as redis
from redis.exceptions import ConnectionError as RedisConnectionError

from bootstrap import connected
from domain.kernel.shuffle import Draws
from infra.local_cluster import HOST, binaries, free_ports
from infra.migrate import upgrade
from infra.settings import Settings
from tests.game_driver import new_game, step
from tools.pg_node import BIN, PgNode

pytestmark = [pytest.mark.slow, pytest.mark.tls]


@dataclass(frozen=True)
class Servers:
    ca: Path
    other_ca: Path  # a CA that signed nothing of ours
    postgres: int
    redis: int


def openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def certificates(directory: Path) -> None:
    """ca.pem (and other-ca.pem), and server.pem / server.key signed by ca.pem for 127.0.0.1."""
    for name in ("ca", "other-ca"):
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{name}.key", "-out", f"{name}.pem",
                "-days", "1", "-subj", f"/CN=tapis test {name}", cwd=directory)  # fmt: skip
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
            "-subj", "/CN=127.0.0.1", cwd=directory)  # fmt: skip
    (directory / "san.cnf").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "1", "-extfile", "san.cnf", cwd=directory)  # fmt: skip


@contextlib.contextmanager
def tls_redis(directory: Path, server: Path, port: int) -> Iterator[None]:
    command = [str(server), "--port", "0", "--tls-port", str(port), "--bind", HOST, "--dir", str(directory),
               "--tls-cert-file", "server.pem", "--tls-key-file", "server.key", "--tls-ca-cert-file", "ca.pem",
               "--tls-auth-clients", "no", "--save", "", "--appendonly", "no"]  # fmt: skip
    with (directory / "redis.log").open("ab") as log:
        process = subprocess.Popen(command, cwd=directory, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(200):  # its TLS port answers within a second or so
            if process.poll() is not None:
                raise RuntimeError(f"redis-server exited: {(directory / 'redis.log').read_text()[-2000:]}")
            with (
                contextlib.suppress(OSError),
                ssl.create_default_context(cafile=directory / "ca.pem").wrap_socket(
                    socket.create_connection((HOST, port), timeout=1), server_hostname=HOST
                ),
            ):
                break
            time.sleep(0.05)
        yield
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def servers() -> Iterator[Servers]:
    found = binaries()
    if shutil.which("openssl") is None or found is None or not (BIN / "initdb").exists():
        pytest.skip(
            "needs openssl, a redis-server and Debian's PostgreSQL 15 (apt-get install openssl redis-server postgresql)"
        )
    root = Path(tempfile.mkdtemp(prefix="tapis-tls-"))  # under /tmp: the server user must reach it
    try:
        certificates(root)
        pg_port, redis_port = free_ports(2)
        node = PgNode(root, pg_port, {"ssl": "on", "ssl_cert_file": f"'{root / 'server.pem'}'",
                                      "ssl_key_file": f"'{root / 'server.key'}'"})  # fmt: skip
        for name in ("server.pem", "server.key"):  # the server user's own, the key private to it
            node.give(root / name)
        os.chmod(root / "server.key", 0o600)
        with contextlib.ExitStack() as started:
            started.enter_context(node)
            node.sql("postgres", "CREATE DATABASE tapis")
            started.enter_context(tls_redis(root, found[0], redis_port))
            yield Servers(root / "ca.pem", root / "other-ca.pem", pg_port, redis_port)
    finally:
        shutil.rmtree(root, ignore_errors=True)


async def test_a_command_over_tls_to_postgres_and_redis(servers: Servers, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", f"postgresql://postgres@{HOST}:{servers.postgres}/tapis?sslmode=verify-full")
    monkeypatch.setenv("TAPIS_PG_SSL_ROOT_CERT", str(servers.ca))
    monkeypatch.setenv("REDIS_URL", f"rediss://{HOST}:{servers.redis}/0")
    monkeypatch.setenv("TAPIS_REDIS_SSL_CA_CERTS", str(servers.ca))
    settings = replace(Settings.from_env(), test_mode=True)
    assert settings.database_url and settings.redis_url
    await asyncio.to_thread(upgrade, settings.database_url)  # tapis migrate, over TLS too

    async with connected(settings) as services:
        game_id, _, tokens = await new_game(services, "six-nimmt", 2)
        assert await step(services, game_id, tokens, Draws(b"tls", game_id))
        head = (await services.repo.store.read_stream(game_id))[-1].version
        # Redis listens on its TLS port only: the projection there was written over TLS
        loaded = await services.repo.snapshot(await services.repo.record(game_id))
        assert loaded is not None and loaded[0] == head
        check = await asyncpg.connect(settings.database_url)
        try:
            encrypted = await check.fetch(
                "SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.datname = 'tapis'"
            )
        finally:
            await check.close()
        assert encrypted and all(row["ssl"] for row in encrypted)  # the pool's connections and this one

    # the CA setting is what the clients trust: another CA's word is refused
    monkeypatch.setenv("TAPIS_PG_SSL_ROOT_CERT", str(servers.other_ca))
    monkeypatch.setenv("TAPIS_REDIS_SSL_CA_CERTS", str(servers.other_ca))
    wrong = Settings.from_env()
    assert wrong.database_url and wrong.redis_url
    with pytest.raises(ssl.SSLCertVerificationError):
        await asyncpg.connect(wrong.database_url)
    client = redis.Redis.from_url(wrong.redis_url)
    try:
        with pytest.raises(RedisConnectionError):
            await client.ping()
    finally:
        await client.aclose()
