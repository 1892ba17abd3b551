"""The listing's indexes (issue 16), for Redis and the memory projections alike: one per game, per status and per
(game, status), so that no number of games of one kind hides a game of another from a filtered listing; a game moves
between the status indexes as its status changes; a private game is in none of them, and every lobby game, private
ones included, is in the lobby sweeper's schedule (`lobbies`)."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from services.ports import Projections


def lobby_summary(
    game_id: str, game: str, created: float, status: str = "lobby", private: bool = False
) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "game": game,
        "status": status,
        "players": 4,
        "seats_taken": 0,
        "version": 1,
        "seed_source": "server",
        "created": created,
        "bot_turn": False,
        "private": private,
    }


async def ids(projections: Projections, game: str | None, status: str | None, limit: int = 50) -> list[str]:
    return [s["game_id"] for s in await projections.summaries(limit, game, status) or []]


async def test_a_thousand_six_nimmt_lobbies_hide_neither_a_le_baron_lobby_nor_an_active_game(
    projections: Projections,
) -> None:
    now = time.time()
    baron, active = f"b{secrets.token_hex(6)}", f"a{secrets.token_hex(6)}"
    await projections.save(baron, 1, b"", lobby_summary(baron, "le-baron", now))
    await projections.save(active, 9, b"", lobby_summary(active, "daron", now + 0.5, status="active"))
    nimmt = [f"n{secrets.token_hex(6)}" for _ in range(1000)]
    await asyncio.gather(
        *(projections.save(g, 1, b"", lobby_summary(g, "six-nimmt", now + 1 + i / 1000)) for i, g in enumerate(nimmt))
    )
    assert baron in await ids(projections, "le-baron", "lobby")
    assert active in await ids(projections, None, "active")
    assert active in await ids(projections, "daron", "active")
    assert baron in await ids(projections, "le-baron", None)
    # the 1,000 are all in their own index, newest first
    assert set(nimmt) <= set(await ids(projections, "six-nimmt", "lobby", 100_000))
    assert (await ids(projections, "six-nimmt", "lobby", 5)) == nimmt[::-1][:5]
    # unfiltered, the newest first: the le-baron lobby is not among the 50 newest
    assert baron not in await ids(projections, None, "lobby")


async def test_a_game_moves_between_the_status_indexes(projections: Projections) -> None:
    game, kind, now = f"m{secrets.token_hex(6)}", f"kind-{secrets.token_hex(4)}", time.time()
    await projections.save(game, 1, b"", lobby_summary(game, kind, now))
    assert await ids(projections, kind, "lobby") == [game]
    await projections.save(game, 5, b"", lobby_summary(game, kind, now + 10, status="active"))
    assert await ids(projections, kind, "lobby") == []
    assert await ids(projections, kind, "active") == [game]
    assert game in await ids(projections, None, "active", 100_000)
    assert game not in await ids(projections, None, "lobby", 100_000)
    await projections.save(game, 4, b"", lobby_summary(game, kind, now, status="lobby"))  # older: changes nothing
    assert await ids(projections, kind, "active") == [game]
    await projections.save(game, 9, b"", lobby_summary(game, kind, now + 20, status="finished"))
    assert await ids(projections, kind, "active") == [] and await ids(projections, kind, "finished") == [game]
    assert await ids(projections, kind, None) == [game]
    (found,) = await projections.summaries(10, kind, "finished") or []
    assert found["created"] == now + 20  # the newest summary


async def test_the_indexes_keep_a_game_at_its_creation_time(projections: Projections) -> None:
    kind, now = f"kind-{secrets.token_hex(4)}", time.time()
    first, second = f"f{secrets.token_hex(6)}", f"s{secrets.token_hex(6)}"
    await projections.save(first, 1, b"", lobby_summary(first, kind, now))
    await projections.save(second, 1, b"", lobby_summary(second, kind, now + 1))
    # a later save (its summary made later) moves the first game to another status, not to the top
    await projections.save(first, 3, b"", lobby_summary(first, kind, now + 5, status="active"))
    await projections.save(second, 3, b"", lobby_summary(second, kind, now + 6, status="active"))
    assert await ids(projections, kind, "active") == [second, first]


async def test_a_private_game_is_in_no_listing_but_in_the_lobby_schedule(projections: Projections) -> None:
    kind, now = f"kind-{secrets.token_hex(4)}", time.time()
    private, public = f"p{secrets.token_hex(6)}", f"q{secrets.token_hex(6)}"
    await projections.save(private, 1, b"", lobby_summary(private, kind, now - 100, private=True))
    await projections.save(public, 1, b"", lobby_summary(public, kind, now - 50))
    for game, status in [(kind, "lobby"), (kind, None), (None, "lobby"), (None, None)]:
        found = await ids(projections, game, status, 100_000)
        assert private not in found and (game is None or public in found)
    assert [g for g in await projections.lobbies(now, 100_000) if g in (private, public)] == [private, public]
    assert [g for g in await projections.lobbies(now - 60, 100_000) if g in (private, public)] == [private]
    # a lobby that starts leaves the schedule
    await projections.save(private, 4, b"", lobby_summary(private, kind, now, status="active", private=True))
    await projections.save(public, 4, b"", lobby_summary(public, kind, now, status="expired"))
    assert not {private, public} & set(await projections.lobbies(now, 100_000))
    assert await ids(projections, kind, "expired") == [public]
    assert await ids(projections, kind, "active") == []


async def test_a_dropped_game_is_in_no_index_and_has_no_state(projections: Projections) -> None:
    """`drop` (an archived game, services/archive.py): the game leaves every listing, the lobby schedule and the
    bot turns, and its state is a miss; the games beside it keep theirs; saved again, it is back as a new game."""
    kind, now = f"kind-{secrets.token_hex(4)}", time.time()
    finished, lobby, waiting, kept = (f"{c}{secrets.token_hex(6)}" for c in "flwk")
    await projections.save(finished, 9, b"f", lobby_summary(finished, kind, now, status="finished"))
    await projections.save(lobby, 1, b"l", lobby_summary(lobby, kind, now + 1))
    await projections.save(
        waiting, 5, b"w", {**lobby_summary(waiting, kind, now + 2, status="active"), "bot_turn": True}
    )
    await projections.save(kept, 9, b"k", lobby_summary(kept, kind, now + 3, status="finished"))
    dropped = [finished, lobby, waiting]

    await projections.drop(dropped)

    for game, status in [(kind, "finished"), (kind, "lobby"), (kind, "active"), (kind, None), (None, None)]:
        assert not set(dropped) & set(await ids(projections, game, status, 100_000)), (game, status)
    assert await ids(projections, kind, "finished") == [kept]
    assert not set(dropped) & set(await projections.lobbies(now + 10, 100_000))
    assert not set(dropped) & set(await projections.bot_turns(time.time() + 10, 100_000))
    for game in dropped:
        assert await projections.load(game) is None
    assert await projections.load(kept) == (9, b"k")
    await projections.drop([finished, f"never-{secrets.token_hex(6)}"])  # again, and a game never saved: nothing
    await projections.save(finished, 9, b"f", lobby_summary(finished, kind, now + 20, status="finished"))
    assert await ids(projections, kind, "finished") == [finished, kept]
