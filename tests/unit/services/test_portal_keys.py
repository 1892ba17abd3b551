"""Portal API keys from the key store: games recorded by key, listing by key, revoked keys refused, env keys beside.

Moved from tests/integration/test_portal_keys.py, assertions unchanged; the `tapis keys` CLI against a database
stayed there.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bootstrap import Adapters, Services, wire
from infra.settings import Settings
from services.errors import Unauthorized
from services.ports import GameRecord
from services.queries import PORTAL_READS
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


async def test_a_portals_listing_reads_its_games_side_by_side_and_keeps_their_order(services: Services) -> None:
    """The portal's listing reads its games' summaries several at a time (services/queries.py, PORTAL_READS):
    the page is still its newest games first, private ones left out, cut at the limit, filtered by status."""
    mine, key = await services.keys.create("portal one")
    created = [
        plain(await services.commands.create("six-nimmt", 2, None, None, key, private=n % 3 == 0))["game_id"]
        for n in range(20)
    ]
    listed = [n for n in reversed(range(20)) if n % 3 != 0]  # newest first, private ones never
    portal = (services.keys.store, mine.key_id)
    reading, most = [0], [0]
    record = services.repo.record

    async def counted(game_id: str, refresh: bool = False) -> GameRecord:
        reading[0] += 1
        most[0] = max(most[0], reading[0])
        try:
            await asyncio.sleep(0)  # a round trip's turn of the loop: the other reads start meanwhile
            return await record(game_id, refresh)
        finally:
            reading[0] -= 1

    services.repo.record = counted  # type: ignore[method-assign]

    def ids(page: dict[str, Any]) -> list[str]:
        return [g["game_id"] for g in page["games"]]

    assert ids(plain(await services.queries.listing(None, None, 5, portal))) == [created[n] for n in listed[:5]]
    assert ids(plain(await services.queries.listing(None, None, 50, portal))) == [created[n] for n in listed]
    assert ids(plain(await services.queries.listing(None, "lobby", 9, portal))) == [created[n] for n in listed[:9]]
    assert ids(plain(await services.queries.listing(None, "active", 50, portal))) == []
    assert most[0] == PORTAL_READS  # side by side, never more at once
