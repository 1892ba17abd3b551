"""`tapis export`, `tapis import` and `tapis archive` against real servers: export → import → export gives the same
bytes, a duplicate or corrupt file is refused (exit 1, exit 2) with nothing changed, and an archived game still
serves view, events, replay, audit and export."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import msgspec
import pytest

from api.dependencies import Services
from bootstrap import connected
from infra.settings import Settings
from tests.conftest import database_of_its_own
from tests.game_driver import new_game, play_to_end

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def tapis(settings: Settings, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "DATABASE_URL": str(settings.database_url), "REDIS_URL": str(settings.redis_url)}
    return subprocess.run(
        [sys.executable, "-m", "api.cli", *args], cwd=ROOT, env=env, capture_output=True, timeout=60, check=False
    )


async def rows(pool: asyncpg.Pool, game_id: str) -> tuple[int, int]:
    games = await pool.fetchval("SELECT count(*) FROM games WHERE game_id = $1", game_id)
    events = await pool.fetchval("SELECT count(*) FROM events WHERE stream_id = $1", game_id)
    return games, events


async def forget(pool: asyncpg.Pool, game_id: str) -> None:
    async with pool.acquire() as conn, conn.transaction():
        for table, column in (("events", "stream_id"), ("idempotency", "stream_id"), ("seat_tokens", "game_id")):
            await conn.execute(f"DELETE FROM {table} WHERE {column} = $1", game_id)
        await conn.execute("DELETE FROM games WHERE game_id = $1", game_id)


async def test_export_import_export_gives_identical_bytes(
    services: Services, pool: asyncpg.Pool, settings: Settings, tmp_path: Path
) -> None:
    game_id, _, tokens = await new_game(services, "six-nimmt", 3)
    await play_to_end(services, game_id, tokens)
    first = tapis(settings, "export", game_id)
    assert first.returncode == 0, first.stderr
    file = tmp_path / "game.json"
    file.write_bytes(first.stdout)

    duplicate = tapis(settings, "import", str(file))
    assert duplicate.returncode == 1
    assert b"exists already" in duplicate.stderr

    counted = await rows(pool, game_id)
    await forget(pool, game_id)
    services.repo.forget(game_id)
    imported = tapis(settings, "import", str(file))
    assert imported.returncode == 0, imported.stderr
    assert await rows(pool, game_id) == counted
    again = tapis(settings, "export", game_id)
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout


async def test_a_corrupt_file_is_refused_with_exit_2(settings: Settings, tmp_path: Path) -> None:
    file = tmp_path / "bad.json"
    file.write_bytes(b'{"format": "tapis-export", "format_version": 1')
    refused = tapis(settings, "import", str(file))
    assert refused.returncode == 2
    assert b"not an export document" in refused.stderr


async def test_export_of_an_unknown_game_exits_1(settings: Settings) -> None:
    refused = tapis(settings, "export", "no-such-game")
    assert refused.returncode == 1
    assert b"no game" in refused.stderr


async def test_the_http_export_is_the_cli_export_and_an_unknown_game_is_404(
    services: Services, settings: Settings
) -> None:
    from litestar.testing import AsyncTestClient

    from api.app import create_app

    game_id, _, tokens = await new_game(services, "six-nimmt", 2)
    await play_to_end(services, game_id, tokens)
    async with AsyncTestClient(app=create_app(settings, run_projector=False)) as client:
        answer = await client.get(f"/v1/games/{game_id}/export")
        unknown = await client.get("/v1/games/no-such-game/export")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.content == tapis(settings, "export", game_id).stdout
    assert unknown.status_code == 404


@pytest.fixture
def own_database(settings: Settings) -> Iterator[Settings]:
    """A database of this test's own: `--older-than 0` archives every finished game it holds, and the other tests'
    games must stay where they are."""
    with database_of_its_own(settings, "tapis_archive") as own:
        yield own


async def test_an_archived_game_serves_view_events_replay_audit_and_export(own_database: Settings) -> None:
    from litestar.testing import AsyncTestClient

    from api.app import create_app

    async with connected(own_database, pool_size=2) as services:
        game_id, _, tokens = await new_game(services, "six-nimmt", 3)
        await play_to_end(services, game_id, tokens)
        running, _, _ = await new_game(services, "six-nimmt", 3)
        view = msgspec.to_builtins(await services.queries.view(game_id, None))
    exported = tapis(own_database, "export", game_id).stdout
    replayed = tapis(own_database, "replay", game_id).stdout

    moved = tapis(own_database, "archive", "--older-than", "0")
    assert moved.returncode == 0, moved.stderr
    assert moved.stdout == b"archived 1 finished games\n"
    conn = await asyncpg.connect(own_database.database_url)
    try:
        assert await conn.fetchval("SELECT count(*) FROM events WHERE stream_id = $1", game_id) == 0
        assert await conn.fetchval("SELECT count(*) FROM games WHERE game_id = $1", game_id) == 0
        assert await conn.fetchval("SELECT count(*) FROM games WHERE game_id = $1", running) == 1
        assert await conn.fetchval("SELECT count(*) FROM archive") == 1
    finally:
        await conn.close()

    assert tapis(own_database, "export", game_id).stdout == exported
    assert tapis(own_database, "replay", game_id).stdout == replayed
    audit = tapis(own_database, "audit", game_id)
    assert audit.returncode == 0, audit.stderr
    assert json.loads(audit.stdout)["ok"] is True
    async with AsyncTestClient(app=create_app(own_database, run_projector=False)) as client:
        assert (await client.get(f"/v1/games/{game_id}")).json() == view
        events = (await client.get(f"/v1/games/{game_id}/events?after=2&limit=3")).json()["events"]
        assert [e["version"] for e in events] == [3, 4, 5]
        assert (await client.get(f"/v1/games/{game_id}/replay?version=4")).json()["version"] == 4
        assert (await client.get(f"/v1/games/{game_id}/audit")).json()["ok"] is True
        assert (await client.get(f"/v1/games/{game_id}/export")).content == exported
