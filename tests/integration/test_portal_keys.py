"""Portal API keys from the table: created once, games recorded by key, listing by key, revoked keys refused."""

from __future__ import annotations

import json

import pytest

from api.dependencies import Services
from infra.settings import Settings
from services.errors import Unauthorized
from tests.integration.test_cli import tapis

pytestmark = pytest.mark.integration


async def test_a_portal_sees_its_own_games_and_a_revoked_key_is_refused(services: Services) -> None:
    mine, key = await services.keys.create("portal one")
    other, other_key = await services.keys.create("portal two")
    assert key.startswith("tpk_") and mine.key_id != other.key_id

    created = await services.commands.create("six-nimmt", 2, None, None, key)
    await services.commands.create("six-nimmt", 2, None, None, other_key)
    record = await services.repo.record(created["game_id"])
    assert record.api_key_id == mine.key_id

    listed = await services.queries.listing(None, None, 50, (services.keys.store, mine.key_id))
    assert [g["game_id"] for g in listed["games"]] == [created["game_id"]]

    await services.keys.store.revoke(mine.key_id)
    for attempt in (
        services.commands.create("six-nimmt", 2, None, None, key),
        services.keys.identify(key),
    ):
        with pytest.raises(Unauthorized) as refused:
            await attempt
        assert refused.value.code == "revoked_api_key"
    with pytest.raises(Unauthorized) as unknown:
        await services.keys.identify("tpk_not-a-key")
    assert unknown.value.code == "invalid_api_key"
    assert await services.keys.identify(other_key) == other.key_id


async def test_env_keys_still_work_beside_the_table(services: Services) -> None:
    from api.app import build_services

    # the same stores, configured as with TAPIS_API_KEYS=env-key-1
    env = build_services(services.repo.store._pool, services.repo.projections._redis, Settings(api_keys=("env-key-1",)))  # type: ignore[attr-defined]
    with pytest.raises(Unauthorized):
        await env.commands.create("six-nimmt", 2, None, None, None)
    created = await env.commands.create("six-nimmt", 2, None, None, "env-key-1")
    assert (await env.repo.record(created["game_id"])).api_key_id is not None


def test_tapis_keys_create_list_revoke(settings: Settings) -> None:
    urls = {"database_url": str(settings.database_url), "redis_url": str(settings.redis_url)}
    created = tapis("keys", "create", "--name", "cli portal", **urls)
    assert created.returncode == 0, created.stderr
    shown = json.loads(created.stdout)
    assert shown["api_key"].startswith("tpk_") and shown["revoked_at"] is None
    listed = tapis("keys", "list", **urls)
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert any(r["key_id"] == shown["key_id"] for r in rows)
    assert all("api_key" not in r for r in rows)  # shown once, never again
    revoked = tapis("keys", "revoke", shown["key_id"], **urls)
    assert revoked.returncode == 0 and json.loads(revoked.stdout)["revoked_at"] is not None
    assert tapis("keys", "revoke", "nope", **urls).returncode == 1
