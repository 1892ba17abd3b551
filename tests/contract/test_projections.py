"""The projections' contract, for Redis and the memory projections alike: saves never move a game backwards,
alone or sharing one round trip with others; the listing, the bot-turn index and the checkpoint (that each
saved version is published on a Redis channel is in tests/integration/test_projections.py)."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from services.ports import Checkpoint, Projections, RebuildPlace
from tests.contract.summaries import summary

EVERYTHING = 100_000  # the real half shares its Redis with other tests: read all, then look at this test's games


async def listed(projections: Projections, games: list[str]) -> list[dict[str, Any]]:
    """This test's games in the listing, in its order."""
    return [s for s in await projections.summaries(EVERYTHING) or [] if s.get("game_id") in games]


async def test_concurrent_saves_of_many_games_each_land(projections: Projections) -> None:
    games = [f"p{secrets.token_hex(6)}" for _ in range(5)]
    await asyncio.gather(
        *(projections.save(g, 3, f"state of {g}".encode(), summary(g, 3, bot_turn=i == 2)) for i, g in enumerate(games))
    )
    for g in games:
        assert await projections.load(g) == (3, f"state of {g}".encode())
    waiting = set(await projections.bot_turns(float("inf"), EVERYTHING))
    assert games[2] in waiting and not waiting & {games[0], games[1], games[3], games[4]}
    assert await listed(projections, [games[4]]) != []
    # out of the bot-turn index again: a shared Redis' bot sweeper would look for a game no store has
    await projections.save(games[2], 4, b"", summary(games[2], 4))


async def test_an_older_save_in_the_same_round_trip_does_not_win(projections: Projections) -> None:
    game, other = f"p{secrets.token_hex(6)}", f"p{secrets.token_hex(6)}"
    await projections.save(game, 1, b"v1", summary(game, 1))
    await asyncio.gather(
        projections.save(other, 1, b"other", summary(other, 1)),
        projections.save(game, 7, b"v7", summary(game, 7)),
        projections.save(game, 5, b"v5", summary(game, 5)),
    )
    assert await projections.load(game) == (7, b"v7")
    assert await projections.load(other) == (1, b"other")


# --- what no test checked before the memory projections had to match it ---


async def test_a_game_never_saved_is_not_there(projections: Projections) -> None:
    assert await projections.load(f"p{secrets.token_hex(6)}") is None


async def test_an_older_or_equal_save_changes_neither_state_nor_summary(projections: Projections) -> None:
    game = f"p{secrets.token_hex(6)}"
    await projections.save(game, 3, b"v3", {**summary(game, 3), "note": "three"})
    await projections.save(game, 2, b"v2", {**summary(game, 2), "note": "two"})
    await projections.save(game, 3, b"v3 again", {**summary(game, 3), "note": "three again"})
    assert await projections.load(game) == (3, b"v3")
    assert [s["note"] for s in await listed(projections, [game])] == ["three"]


async def test_the_listing_is_newest_first_and_a_game_keeps_its_place(projections: Projections) -> None:
    games = [f"p{secrets.token_hex(6)}" for _ in range(3)]
    # small creation times: these sort below every real game of a shared Redis
    for created, game in zip([1.1, 1.3, 1.2], games, strict=True):
        await projections.save(game, 1, b"", {"game_id": game, "created": created, "round": 1})
    assert [s["game_id"] for s in await listed(projections, games)] == [games[1], games[2], games[0]]
    # a later save with another creation time changes the summary, not the place
    await projections.save(games[0], 2, b"", {"game_id": games[0], "created": 1.9, "round": 2})
    assert [(s["game_id"], s["round"]) for s in await listed(projections, games)] == [
        (games[1], 1),
        (games[2], 1),
        (games[0], 2),
    ]
    first = await projections.summaries(1)
    assert first is not None and len(first) == 1


async def test_bot_turns_are_the_games_waiting_on_a_bot_since_before_a_time(projections: Projections) -> None:
    early, late, idle = (f"p{secrets.token_hex(6)}" for _ in range(3))
    await projections.save(early, 1, b"", {"game_id": early, "created": 1.5, "bot_turn": True})
    await projections.save(late, 1, b"", {"game_id": late, "created": 1.7, "bot_turn": True})
    await projections.save(idle, 1, b"", {"game_id": idle, "created": 1.6, "bot_turn": False})
    ours = {early, late, idle}
    assert [g for g in await projections.bot_turns(1.6, EVERYTHING) if g in ours] == [early]
    assert [g for g in await projections.bot_turns(float("inf"), EVERYTHING) if g in ours] == [early, late]
    assert len(await projections.bot_turns(float("inf"), 1)) == 1
    # a bot moved: the game waits on a person now
    await projections.save(early, 2, b"", {"game_id": early, "created": 1.5, "bot_turn": False})
    assert [g for g in await projections.bot_turns(float("inf"), EVERYTHING) if g in ours] == [late]
    await projections.save(late, 2, b"", {"game_id": late, "created": 1.7})
    assert [g for g in await projections.bot_turns(float("inf"), EVERYTHING) if g in ours] == []


async def test_the_checkpoint_is_kept(projections: Projections) -> None:
    before = await projections.checkpoint()
    try:
        await projections.save_checkpoint(Checkpoint(tx_id=before.tx_id + 7, position=before.position + 9))
        assert await projections.checkpoint() == Checkpoint(tx_id=before.tx_id + 7, position=before.position + 9)
    finally:
        await projections.save_checkpoint(before)  # a shared Redis' projector goes on from where it was


async def test_a_checkpoint_of_one_place_per_shard_is_kept(projections: Projections) -> None:
    # what the projector keeps when the log is read shard by shard (Citus)
    before = await projections.checkpoint()
    shards = Checkpoint(shards=(("102008@1", 751, 3), ("102009@2", 9, 12)))
    try:
        await projections.save_checkpoint(shards)
        assert await projections.checkpoint() == shards
    finally:
        await projections.save_checkpoint(before)


async def test_a_rebuilds_place_is_kept_through_a_reset_until_removed(projections: Projections) -> None:
    # an interrupted `tapis rebuild` continues from it (services/rebuild.py); its first step is a reset
    before = await projections.rebuild_place()
    place = RebuildPlace(Checkpoint(shards=(("102008@1", 751, 3),)), done=120_000)
    try:
        await projections.save_rebuild_place(place)
        assert await projections.rebuild_place() == place
        await projections.reset()
        assert await projections.rebuild_place() == place
        await projections.save_rebuild_place(None)
        assert await projections.rebuild_place() is None
    finally:
        await projections.save_rebuild_place(before)


async def test_ping_answers(projections: Projections) -> None:
    await projections.ping()


async def test_a_snapshot_of_another_fingerprint_is_a_miss_and_may_be_replaced_at_its_version(
    projections: Projections,
) -> None:
    game = f"f{secrets.token_hex(6)}"
    await projections.save(game, 4, b"old shape", summary(game, 4), "aaaa")
    assert await projections.load(game, "aaaa") == (4, b"old shape")
    assert await projections.load(game, "bbbb") is None, "written by code of another state schema"
    assert await projections.load(game) is None, "nor by code that asks for no fingerprint"
    await projections.save(game, 3, b"older", summary(game, 3), "bbbb")
    assert await projections.load(game, "aaaa") == (4, b"old shape"), "never backwards, whatever the fingerprint"
    await projections.save(game, 4, b"refolded", summary(game, 4), "bbbb")
    assert await projections.load(game, "bbbb") == (4, b"refolded"), "the same version, folded by the new code"
    await projections.save(game, 4, b"again", summary(game, 4), "bbbb")
    assert await projections.load(game, "bbbb") == (4, b"refolded"), "a repeated save changes nothing"
