"""Portal API keys from the key store: games recorded by key, listing by key, revoked keys refused, env keys beside.

Moved from tests/integration/test_portal_keys.py, assertions unchanged; the `tapis keys` CLI against a database
stayed there.
"""

from __future__ import annotations

import pytest

from bootstrap import Adapters, Services, wire
from infra.settings import Settings
from services.errors import Unauthorized
from tests.plain import plain


async def test_a_portal_sees_its_own_games_and_a_revoked_key_is_refused(services: Services) -> None:
    mine, key = await services.keys.create("portal one")
    other, other_key = await services.keys.create("portal two")
    assert key.startswith("tpk_") and mine.key_id != other.key_id

    created = plain(await services.commands.create("six-nimmt", 2, None, None, key))
    plain(await services.commands.create("six-nimmt", 2, None, None, other_key))
    record = await services.repo.record(created["game_id"])
    assert record.api_key_id == mine.key_id

    listed = plain(await services.queries.listing(None, None, 50, (services.keys.store, mine.key_id)))
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


async def test_env_keys_still_work_beside_the_table(adapters: Adapters) -> None:
    # the same stores, configured as with TAPIS_API_KEYS=env-key-1
    env = wire(adapters, Settings(test_mode=True, api_keys=("env-key-1",)))
    with pytest.raises(Unauthorized):
        plain(await env.commands.create("six-nimmt", 2, None, None, None))
    created = plain(await env.commands.create("six-nimmt", 2, None, None, "env-key-1"))
    assert (await env.repo.record(created["game_id"])).api_key_id is not None
