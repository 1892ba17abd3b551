"""Redis projections where only Redis can show it: each saved version is published on the game's channel.
Everything else the projections do is in the contract suite (tests/contract/test_projections.py), run against
Redis and the memory projections alike."""

from __future__ import annotations

import asyncio
import secrets

import pytest
import redis.asyncio as redis

from infra.projections import RedisProjections
from tests.contract.summaries import summary

pytestmark = pytest.mark.integration


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
