"""Redis projections: saves never move a game backwards, alone or sharing one round trip with others."""

from __future__ import annotations

import asyncio
import secrets

import pytest
import redis.asyncio as redis

from infra.projections import BOT_TURNS, SUMMARIES, RedisProjections

pytestmark = pytest.mark.integration


def summary(game_id: str, version: int, bot_turn: bool = False) -> dict[str, object]:
    return {"game_id": game_id, "version": version, "created": 1.0, "bot_turn": bot_turn}


async def test_concurrent_saves_of_many_games_each_land(redis_conn: redis.Redis) -> None:
    projections = RedisProjections(redis_conn)
    games = [f"p{secrets.token_hex(6)}" for _ in range(5)]
    await asyncio.gather(
        *(projections.save(g, 3, f"state of {g}".encode(), summary(g, 3, bot_turn=i == 2)) for i, g in enumerate(games))
    )
    for g in games:
        assert await projections.load(g) == (3, f"state of {g}".encode())
    waiting = {m.decode() for m in await redis_conn.zrange(BOT_TURNS, 0, -1)}
    assert games[2] in waiting and not waiting & {games[0], games[1], games[3], games[4]}
    assert await redis_conn.hget(SUMMARIES, games[4]) is not None


async def test_an_older_save_in_the_same_round_trip_does_not_win(redis_conn: redis.Redis) -> None:
    projections = RedisProjections(redis_conn)
    game, other = f"p{secrets.token_hex(6)}", f"p{secrets.token_hex(6)}"
    await projections.save(game, 1, b"v1", summary(game, 1))
    await asyncio.gather(
        projections.save(other, 1, b"other", summary(other, 1)),
        projections.save(game, 7, b"v7", summary(game, 7)),
        projections.save(game, 5, b"v5", summary(game, 5)),
    )
    assert await projections.load(game) == (7, b"v7")
    assert await projections.load(other) == (1, b"other")


async def test_each_saved_version_is_published_on_the_game_channel(redis_conn: redis.Redis) -> None:
    game = f"p{secrets.token_hex(6)}"
    projections = RedisProjections(redis_conn, channel=lambda g: f"test:{g}")
    pubsub = redis_conn.pubsub()
    await pubsub.subscribe(f"test:{game}")
    try:
        await pubsub.get_message(timeout=1.0)  # the subscription's confirmation
        await asyncio.gather(
            projections.save(game, 2, b"v2", summary(game, 2)), projections.save("x" + game, 2, b"", {})
        )
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=2.0)
        assert message is not None and message["data"] == b"2"
    finally:
        await pubsub.aclose()
