"""The listing is indexed per game and per status (issue 16): 1,000 anonymous creations of one game hid every other
game from `?game=le-baron&status=lobby`; now no number of creations hides a game from a filtered listing, and a game
moves between the status indexes as its status changes. (The index itself, on Redis and in memory alike, is
tests/contract/test_listing_index.py.)"""

from __future__ import annotations

import asyncio

from bootstrap import Services
from tests.game_driver import SEED, new_game, play_to_end
from tests.plain import plain


async def listed(services: Services, game: str | None, status: str | None, limit: int = 50) -> list[str]:
    return [g["game_id"] for g in plain(await services.queries.listing(game, status, limit))["games"]]


async def test_a_thousand_creations_of_one_game_hide_no_other_game(services: Services) -> None:
    baron = plain(await services.commands.create("le-baron", 3, None, SEED, None))["game_id"]
    running, _, tokens = await new_game(services, "daron", 2)
    for batch in range(10):
        await asyncio.gather(*(services.commands.create("six-nimmt", 4, None, None, None) for _ in range(100)))
        assert batch < 9 or len(await listed(services, "six-nimmt", "lobby", 1000)) == 1000
    assert await listed(services, "le-baron", "lobby") == [baron]
    assert await listed(services, "le-baron", None) == [baron]
    assert await listed(services, None, "active") == [running]
    assert await listed(services, "daron", None) == [running]
    newest = await listed(services, None, "lobby", 50)
    assert len(newest) == 50 and baron not in newest  # unfiltered, the newest come first, as before

    # a game moves between the status indexes
    for name in ("ann", "bob", "cy"):
        plain(await services.commands.join(baron, None, name, None, None))
    await play_to_end(services, running, tokens)
    assert await listed(services, None, "finished") == [running]
    assert await listed(services, None, "active") == []
    assert await listed(services, "daron", "active") == []


async def test_the_listing_from_the_store_filters_alike_when_redis_is_down(services: Services) -> None:
    baron = plain(await services.commands.create("le-baron", 3, None, SEED, None))["game_id"]
    nimmt = plain(await services.commands.create("six-nimmt", 3, None, SEED, None))["game_id"]
    services.repo.projections.unavailable = True  # type: ignore[attr-defined]
    try:
        assert await listed(services, "le-baron", "lobby") == [baron]
        assert await listed(services, None, "lobby") == [nimmt, baron]
        assert await listed(services, None, "active") == []
    finally:
        services.repo.projections.unavailable = False  # type: ignore[attr-defined]
