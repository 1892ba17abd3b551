"""`tapis games inspect` and `tapis doctor` (api/operator_cli.py) as an operator runs them, on the test database."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest
import redis.asyncio as redis
from litestar.testing import AsyncTestClient

from api.app import create_app
from api.operator_cli import settings_findings
from infra.migrate import head_revision, upgrade
from infra.projections import state_key
from infra.settings import Settings
from tests.e2e.conftest import free_port
from tests.ops import bearer, new_game, ops_settings

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def tapis(settings: Settings, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The CLI with only the servers configured (and `env`): no TAPIS_* setting of the test run leaks in."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TAPIS_", "PROMETHEUS", "OTEL_"))}
    clean |= {"DATABASE_URL": settings.database_url or "", "REDIS_URL": settings.redis_url or "", **env}
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args],
        check=False,
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_games_inspect_shows_record_version_projection_seats_and_chain(settings: Settings) -> None:
    app = create_app(ops_settings(settings, log_level="warning"), run_projector=False)
    async with AsyncTestClient(app) as client:
        game_id, _, tokens = await new_game(client, players=3, bots=1)
        move = (await client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(tokens[0]))).json()["moves"][0]
        sent = await client.post(f"/v1/games/{game_id}/commands", json=move, headers=bearer(tokens[0]))
        assert sent.status_code == 200, sent.text
        view = (await client.get(f"/v1/games/{game_id}")).json()
    shown = tapis(settings, "games", "inspect", game_id, "--json")
    assert shown.returncode == 0, shown.stderr
    inspected: dict[str, Any] = json.loads(shown.stdout)
    assert inspected["game_id"] == game_id and inspected["game"] == "six-nimmt"
    assert inspected["status"] == view["status"] and inspected["version"] == view["version"]
    assert inspected["projection"] == {"state": "ok", "version": view["version"], "lag": 0}
    assert inspected["chain_head"] == view["chain_head"] and inspected["dealing"] == view["dealing"]
    assert inspected["archived"] is False and inspected["private"] is False
    seats = inspected["seats"]
    assert [s["name"] for s in seats[:2]] == ["player 0", "player 1"]
    assert seats[0] == {"seat": 0, "name": "player 0", "bot": None, "token": True}
    assert seats[2]["bot"] == "random" and seats[2]["token"] is False
    for token in tokens.values():
        assert token not in shown.stdout

    # the projection lost (Redis flushed): inspect says so, and how far behind a stale one is
    assert settings.redis_url
    primary = redis.Redis.from_url(settings.redis_url)
    try:
        await primary.delete(state_key(game_id))
    finally:
        await primary.aclose()
    text = tapis(settings, "games", "inspect", game_id)
    assert text.returncode == 0, text.stderr
    assert "projection  missing" in text.stdout and f"version     {view['version']}" in text.stdout
    assert "bot random" in text.stdout and view["chain_head"] in text.stdout

    unknown = tapis(settings, "games", "inspect", "nosuchgame")
    assert unknown.returncode == 1 and "no game nosuchgame" in unknown.stderr


def test_doctor_passes_on_a_sound_configuration(settings: Settings) -> None:
    done = tapis(settings, "doctor")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert all(line.startswith("ok") for line in lines), lines
    checks = {line.split()[1].rstrip(":") for line in lines}
    assert {"postgres", "redis", "migrations", "clock_skew", "test_mode", "trusted_proxies", "rate_limits"} <= checks
    assert f"at head ({head_revision()})" in done.stdout


def test_doctor_names_each_unsafe_setting_and_exits_1(settings: Settings) -> None:
    done = tapis(
        settings,
        "doctor",
        "--json",
        TAPIS_TEST_MODE="1",
        TAPIS_TRUSTED_PROXIES="10.0.0.1, ::/0",
        TAPIS_RATE_FAILED_AUTH="0",
        TAPIS_RATE_CREATE="off",
        TAPIS_WORKERS="4",
    )
    assert done.returncode == 1, done.stdout + done.stderr
    failed = {f["check"]: f["detail"] for f in json.loads(done.stdout) if not f["ok"]}
    assert set(failed) == {"test_mode", "trusted_proxies", "rate_limits", "metrics"}
    assert "::/0" in failed["trusted_proxies"]
    assert "TAPIS_RATE_FAILED_AUTH" in failed["rate_limits"] and "TAPIS_RATE_CREATE" in failed["rate_limits"]
    assert "PROMETHEUS_MULTIPROC_DIR" in failed["metrics"]


async def test_doctor_finds_an_unmigrated_database_and_an_unreachable_server(settings: Settings) -> None:
    assert settings.database_url
    name = f"tapis_doctor_{secrets.token_hex(4)}"
    admin = urlunsplit(urlsplit(settings.database_url)._replace(path="/postgres"))
    conn = await asyncpg.connect(admin)
    await conn.execute(f'CREATE DATABASE "{name}"')
    try:
        empty = Settings(
            database_url=urlunsplit(urlsplit(admin)._replace(path=f"/{name}")), redis_url=settings.redis_url
        )
        done = tapis(empty, "doctor")
        assert done.returncode == 1
        assert f"FAIL  migrations: the schema is at nothing, this code needs {head_revision()}" in done.stdout
        # one revision past the head (a newer release's expand, migrated first) is in this code's window; two are not
        assert empty.database_url
        await asyncio.to_thread(upgrade, empty.database_url)
        on_empty = await asyncpg.connect(empty.database_url)
        try:
            head = int(head_revision())
            await on_empty.execute(f"UPDATE alembic_version SET version_num = '{head + 1:04d}'")
            ahead = tapis(empty, "doctor")
            assert f"ok    migrations: at {head + 1:04d}, past this code's head" in ahead.stdout, ahead.stdout
            await on_empty.execute(f"UPDATE alembic_version SET version_num = '{head + 2:04d}'")
            beyond = tapis(empty, "doctor")
            assert beyond.returncode == 1 and "FAIL  migrations" in beyond.stdout, beyond.stdout
        finally:
            await on_empty.close()
    finally:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.close()
    nowhere = Settings(
        database_url=f"postgresql://postgres@127.0.0.1:{free_port()}/none",
        redis_url=f"redis://127.0.0.1:{free_port()}/0",
    )
    down = tapis(nowhere, "doctor")
    assert down.returncode == 1
    assert "FAIL  postgres: cannot connect" in down.stdout and "FAIL  redis: cannot connect" in down.stdout


def test_settings_findings_without_servers() -> None:
    found = {f.check: f for f in settings_findings(Settings(), environ={})}
    assert not found["DATABASE_URL"].ok and "embedded" in found["DATABASE_URL"].detail
    assert found["test_mode"].ok and found["rate_limits"].ok and found["trusted_proxies"].ok
    open_v4 = {f.check: f for f in settings_findings(Settings(trusted_proxies=("0.0.0.0/0",)), environ={})}
    assert not open_v4["trusted_proxies"].ok
