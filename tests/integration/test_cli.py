"""The tapis CLI against real servers: replay, audit, rebuild; serve refuses an unmigrated database."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
import redis.asyncio as redis

from api.dependencies import Services
from services.codec import codec, encode_table
from tests.game_driver import new_game, play_to_end

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def tapis(*args: str, database_url: str, redis_url: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url}
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


async def test_replay_audit_and_rebuild(services: Services, redis_conn: redis.Redis, settings: object) -> None:
    urls = {"database_url": settings.database_url, "redis_url": settings.redis_url}  # type: ignore[attr-defined]
    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    await play_to_end(services, game_id, tokens)

    replay = tapis("replay", game_id, **urls)
    assert replay.returncode == 0, replay.stderr
    lines = [json.loads(line) for line in replay.stdout.splitlines()]
    assert lines[0]["type"] == "GameCreated" and lines[-2]["type"] == "GameEnded"
    assert lines[-1]["status"] == "finished"

    audit = tapis("audit", game_id, **urls)
    assert audit.returncode == 0, audit.stderr
    assert json.loads(audit.stdout)["ok"] is True

    expected = encode_table(await services.repo.replay(game_id, codec("six-nimmt")))
    await redis_conn.flushdb()
    rebuilt = tapis("rebuild", **urls)
    assert rebuilt.returncode == 0, rebuilt.stderr
    # its progress on stderr: the whole log done, at a rate (the log holds the session's other games too)
    last = rebuilt.stderr.splitlines()[-1]
    assert last.startswith("rebuild: ") and "(100 %)" in last and "events/s" in last, rebuilt.stderr
    loaded = await services.repo.snapshot(await services.repo.record(game_id))
    assert loaded is not None and loaded[1] == expected


async def test_serve_refuses_an_unmigrated_database(settings: object) -> None:
    url: str = settings.database_url  # type: ignore[attr-defined]
    name = "tapis_empty_" + secrets.token_hex(4)
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        empty_url = url.rsplit("/", 1)[0] + "/" + name
        served = tapis("serve", "--port", "1", database_url=empty_url, redis_url=settings.redis_url, timeout=60)  # type: ignore[attr-defined]
        assert served.returncode != 0
        assert "tapis migrate" in served.stderr
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await admin.close()
